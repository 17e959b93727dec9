import { LOCATIONS_KIND, LOCATION_KIND, locationPoints, presenceFrameSchema, userDelFrameSchema, userFrameSchema } from '@ptt/contracts';
import type { LatestPosition } from '@ptt/contracts';
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
   * buffer must not move its marker back). The bus gives every dispatch frame the kind DeviceInfo,
   * so a Location or Locations frame is known by its shape; command states and device changes
   * give none.
   */
  positionsFrom(data: unknown): PositionPoint[] {
    const received = locationPoints(LOCATION_KIND, data);
    const all = received.length > 0 ? received : locationPoints(LOCATIONS_KIND, data);
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
  applyEnt(kind: string, data: unknown): boolean {
    switch (kind) {
      case 'OnLine':
      case 'Logout': {
        const f = presenceFrameSchema.safeParse(data);
        if (!f.success) return false;
        this.members.set(f.data.uid, { uid: f.data.uid, name: displayName(f.data.nickname, f.data.account), status: f.data.status });
        return true;
      }
      case 'UserAdd':
      case 'UserUp': {
        const f = userFrameSchema.safeParse(data);
        if (!f.success) return false;
        const status = this.members.get(f.data.uid)?.status ?? 'offline';
        this.members.set(f.data.uid, { uid: f.data.uid, name: displayName(f.data.nickname, f.data.account), status });
        return true;
      }
      case 'UserDel': {
        const f = userDelFrameSchema.safeParse(data);
        if (!f.success) return false;
        this.positions.delete(f.data.uid);
        return this.members.delete(f.data.uid);
      }
      default:
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
