import type { LatestPosition, LocationPoint, WsDispatchEvent, WsEntEvent } from '@ptt/contracts';
import type { MemberMarker, PositionPoint } from '@ptt/map';

/** What the map shows of a user; the account stands in for an empty nickname. */
function displayName(nickname: string, account: string): string {
  return nickname.trim() === '' ? account : nickname;
}

/**
 * Who is on the map and where each one last was. It lives outside Redux on purpose: positions
 * arrive by the thousand per second and only the map layer draws them.
 */
export class Roster {
  private readonly members = new Map<number, MemberMarker>();
  private readonly positions = new Map<number, PositionPoint>();

  /** Takes in GET /api/locations/latest; returns the points to draw. */
  load(list: readonly LatestPosition[]): PositionPoint[] {
    const points: PositionPoint[] = [];
    for (const item of list) {
      // The list wins over presence frames heard before it: it is read again after the socket was
      // down, when frames were missed.
      this.members.set(item.uid, { uid: item.uid, name: displayName(item.nickname, item.account), status: item.status });
      const point = { uid: item.uid, lng: item.lng, lat: item.lat, time: Date.parse(item.time) };
      if (this.accept(point)) points.push(point);
    }
    return points;
  }

  /**
   * Points of a `ws/dispatch` event that are newer than what is known (a device flushing an old
   * buffer must not move its marker back). Command states and device changes give none.
   */
  positionsFrom(event: WsDispatchEvent): PositionPoint[] {
    const all: LocationPoint[] = event.t === 'Location' ? [event.data] : event.t === 'Locations' ? event.data.points : [];
    const points: PositionPoint[] = [];
    for (const p of all) {
      const point = { uid: p.uid, lng: p.lng, lat: p.lat, time: p.time };
      if (this.accept(point)) points.push(point);
    }
    return points;
  }

  /** Adds a point from elsewhere (an SOS raise) if it is newer; true when it was. */
  accept(point: PositionPoint): boolean {
    const known = this.positions.get(point.uid);
    if (known && known.time > point.time) return false;
    this.positions.set(point.uid, point);
    return true;
  }

  /** A `ws/ent` event: presence and user changes. True when the members changed. */
  applyEnt(event: WsEntEvent): boolean {
    switch (event.kind) {
      case 'OnLine':
      case 'Logout': {
        const f = event.data;
        this.members.set(f.uid, { uid: f.uid, name: displayName(f.nickname, f.account), status: f.status });
        return true;
      }
      case 'UserAdd':
      case 'UserUp': {
        const f = event.data;
        const status = this.members.get(f.uid)?.status ?? 'offline';
        this.members.set(f.uid, { uid: f.uid, name: displayName(f.nickname, f.account), status });
        return true;
      }
      case 'UserDel': {
        this.positions.delete(event.data.uid);
        return this.members.delete(event.data.uid);
      }
      // The map takes presence from OnLine and Logout, names from UserAdd and UserUp only.
      case 'Login':
      case 'UserLock':
      case 'SosMsg':
      case 'ChannelChange':
        return false;
    }
  }

  setMember(member: MemberMarker): void {
    this.members.set(member.uid, member);
  }

  member(uid: number): MemberMarker | undefined {
    return this.members.get(uid);
  }

  position(uid: number): PositionPoint | undefined {
    return this.positions.get(uid);
  }

  memberList(): MemberMarker[] {
    return [...this.members.values()];
  }

  positionList(): PositionPoint[] {
    return [...this.positions.values()];
  }

  /** Whether a position belongs to someone the roster cannot name yet (a user added since loading). */
  isUnknown(uid: number): boolean {
    return !this.members.has(uid);
  }
}
