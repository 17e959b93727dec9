/**
 * Which users have at least one connection that announced itself online by heartbeat.
 * Per node for now; the Redis hub will carry it across nodes in a later issue.
 */
export class Presence {
  private readonly online = new Map<string, Set<number>>();

  /** Returns true when this made the user online (no other connection was online). */
  markOnline(entId: number, userId: number, connectionId: number): boolean {
    const key = `${entId}/${userId}`;
    let conns = this.online.get(key);
    const wasOnline = !!conns && conns.size > 0;
    if (!conns) {
      conns = new Set();
      this.online.set(key, conns);
    }
    conns.add(connectionId);
    return !wasOnline;
  }

  /** Returns true when the user has no online connection left. */
  markOffline(entId: number, userId: number, connectionId: number): boolean {
    const key = `${entId}/${userId}`;
    const conns = this.online.get(key);
    conns?.delete(connectionId);
    if (conns && conns.size > 0) return false;
    this.online.delete(key);
    return true;
  }

  isOnline(entId: number, userId: number): boolean {
    return (this.online.get(`${entId}/${userId}`)?.size ?? 0) > 0;
  }

  onlineUserIds(entId: number): number[] {
    const prefix = `${entId}/`;
    return [...this.online.keys()].filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length)));
  }
}
