import type { LatestPosition, LocationPoint, WsDispatchEvent, WsEntEvent } from '@ptt/contracts';
import { Roster } from './roster';

const T = Date.UTC(2025, 0, 1, 8, 0, 0);

/** Omit for each member of a union, so kinds stay paired with their data. */
type Without<E, K extends PropertyKey> = E extends unknown ? Omit<E, K> : never;
const dispatched = (e: Without<WsDispatchEvent, 'kind' | 'topic'>): WsDispatchEvent => ({ ...e, kind: 'DeviceInfo', topic: 'dispatch/100001' });
const located = (data: LocationPoint) => dispatched({ t: 'Location', data });
const ent = (e: Without<WsEntEvent, 'topic'>): WsEntEvent => ({ ...e, topic: 'msg/listen/ent/100001' });

function latest(uid: number, over: Partial<LatestPosition> = {}): LatestPosition {
  return {
    uid,
    account: `member${uid}`,
    nickname: `Member ${uid}`,
    status: 'online',
    lng: 116.39,
    lat: 39.9,
    coord: 0,
    time: new Date(T).toISOString(),
    speed: null,
    heading: null,
    accuracy: null,
    altitude: null,
    ...over,
  };
}

describe('roster', () => {
  it('loads names, statuses and points from the latest positions', () => {
    const roster = new Roster();
    const points = roster.load([latest(1), latest(2, { nickname: '', status: 'busy' })]);
    expect(points).toEqual([
      { uid: 1, lng: 116.39, lat: 39.9, time: T },
      { uid: 2, lng: 116.39, lat: 39.9, time: T },
    ]);
    expect(roster.memberList()).toEqual([
      { uid: 1, name: 'Member 1', status: 'online' },
      { uid: 2, name: 'member2', status: 'busy' },
    ]);
  });

  it('reads Location and Locations frames and ignores other dispatch frames', () => {
    const roster = new Roster();
    const one = { uid: 5, lng: 1, lat: 2, coord: 0 as const, time: T + 1, speed: 3 };
    expect(roster.positionsFrom(located(one))).toEqual([{ uid: 5, lng: 1, lat: 2, time: T + 1 }]);
    const points = [{ uid: 6, lng: 1, lat: 2, coord: 0 as const, time: T }, { uid: 7, lng: 3, lat: 4, coord: 0 as const, time: T }];
    expect(roster.positionsFrom(dispatched({ t: 'Locations', data: { points } })).map((p) => p.uid)).toEqual([6, 7]);
    expect(roster.positionsFrom(dispatched({ t: 'CommandStatus', data: { commandId: 1, deviceId: 1, command: 'stun', state: 'sent', at: 'x' } }))).toEqual([]);
    expect(roster.positionsFrom(dispatched({ t: 'DeviceChange', data: { deviceId: 3, change: 'updated' } }))).toEqual([]);
    expect(roster.isUnknown(5)).toBe(true);
  });

  it('never moves a member back to an older point', () => {
    const roster = new Roster();
    roster.load([latest(1)]);
    expect(roster.positionsFrom(located({ uid: 1, lng: 9, lat: 9, coord: 0, time: T - 1_000 }))).toEqual([]);
    expect(roster.position(1)?.lng).toBe(116.39);
    expect(roster.positionsFrom(located({ uid: 1, lng: 9, lat: 9, coord: 0, time: T + 1_000 }))).toHaveLength(1);
    expect(roster.position(1)?.lng).toBe(9);
  });

  it('follows presence, renames and deletions', () => {
    const roster = new Roster();
    roster.load([latest(1)]);
    expect(roster.applyEnt(ent({ kind: 'OnLine', data: { uid: 1, account: 'member1', nickname: 'Member 1', status: 'away' } }))).toBe(true);
    expect(roster.member(1)?.status).toBe('away');
    expect(roster.applyEnt(ent({ kind: 'Logout', data: { uid: 1, account: 'member1', nickname: 'Member 1', status: 'offline' } }))).toBe(true);
    expect(roster.member(1)?.status).toBe('offline');
    roster.applyEnt(ent({ kind: 'UserUp', data: { uid: 1, account: 'member1', nickname: 'Renamed', role: 0, locked: false, avatar: null } }));
    expect(roster.member(1)).toEqual({ uid: 1, name: 'Renamed', status: 'offline' });
    expect(roster.applyEnt(ent({ kind: 'ChannelChange', data: { action: 'update', channelId: 2, name: 'Night', enabled: true } }))).toBe(false);
    expect(roster.applyEnt(ent({ kind: 'UserDel', data: { uid: 1, account: 'member1', nickname: 'Renamed' } }))).toBe(true);
    expect(roster.member(1)).toBeUndefined();
    expect(roster.position(1)).toBeUndefined();
  });
});
