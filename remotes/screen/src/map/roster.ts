import type { ScreenMember, UserStatus } from '@ptt/contracts';
import type { MemberMarker, PositionPoint } from '@ptt/map';

interface Known {
  name: string;
  status: UserStatus;
}

/**
 * The map's members: one entry per member with a position (the list from GET /api/screen/members,
 * joined by members whose first position arrives in a frame), so it is bounded by the
 * organisation's size however long the wall runs.
 */
export class Roster {
  private readonly members = new Map<number, Known>();
  private readonly positions = new Map<number, PositionPoint>();

  /** A fresh read: its members and positions (a newer position from a frame is kept). */
  load(items: readonly ScreenMember[]): void {
    const seen = new Set<number>();
    for (const m of items) {
      seen.add(m.uid);
      this.members.set(m.uid, { name: m.nickname, status: m.status });
      const held = this.positions.get(m.uid);
      if (!held || held.time <= m.time) this.positions.set(m.uid, { uid: m.uid, lng: m.lng, lat: m.lat, time: m.time });
    }
    // Members gone from the organisation (or their position) are gone from the map.
    for (const uid of [...this.members.keys()]) {
      if (!seen.has(uid)) {
        this.members.delete(uid);
        this.positions.delete(uid);
      }
    }
  }

  /** Positions from frames; true when a member not seen before joined. */
  move(points: readonly PositionPoint[]): boolean {
    let joined = false;
    for (const p of points) {
      if (!this.members.has(p.uid)) {
        // Their first position: the name comes with the next read of the list.
        this.members.set(p.uid, { name: String(p.uid), status: 'online' });
        joined = true;
      }
      const held = this.positions.get(p.uid);
      if (!held || held.time <= p.time) this.positions.set(p.uid, { uid: p.uid, lng: p.lng, lat: p.lat, time: p.time });
    }
    return joined;
  }

  /** A presence frame; true when it changed a member on the map. */
  setStatus(uid: number, status: UserStatus): boolean {
    const m = this.members.get(uid);
    if (!m || m.status === status) return false;
    m.status = status;
    return true;
  }

  /** Markers as the layer draws them; members in SOS are red (the layer's red status). */
  markers(sos: ReadonlySet<number>): MemberMarker[] {
    const out: MemberMarker[] = [];
    for (const [uid, m] of this.members) out.push({ uid, name: m.name, status: sos.has(uid) ? 'busy' : m.status });
    return out;
  }

  points(): PositionPoint[] {
    return [...this.positions.values()];
  }

  get size(): number {
    return this.members.size;
  }
}
