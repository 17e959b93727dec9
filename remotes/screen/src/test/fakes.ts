// Data the server answers, for the screen's tests.
import { DEFAULT_SCREEN_LAYOUT } from '@ptt/contracts';
import type { Display, ScreenFloorFrame, ScreenMember, ScreenSummary, SosMsg, WallAlertFrame } from '@ptt/contracts';

export const ENT = { id: 100001, name: 'Demo Organisation' };
export const AT = '2026-03-01T08:00:00.000Z';

export function sos(over: Partial<SosMsg> = {}): SosMsg {
  return {
    sosId: 1,
    uid: 21,
    account: 'member1',
    nickname: 'Member 1',
    lng: 116.397,
    lat: 39.909,
    device: null,
    deviceId: null,
    startedAt: AT,
    closedAt: null,
    dispatcherId: null,
    state: 'open',
    ackedAt: null,
    ackedBy: null,
    escalatedAt: null,
    ...over,
  };
}

export function alert(alertId: number, over: Partial<WallAlertFrame> = {}): WallAlertFrame {
  return { alertId, fenceId: 2, fenceName: 'Depot', uid: 21, account: 'member1', nickname: 'Member 1', type: 'leave', lng: 116.4, lat: 39.9, time: AT, ...over };
}

export function floorFrame(over: Partial<ScreenFloorFrame> = {}): ScreenFloorFrame {
  return {
    chatId: '100001-1-3',
    channelId: 3,
    channelName: 'Night shift',
    holder: { uid: 21, nickname: 'Member 1' },
    burstId: 'b1',
    since: AT,
    until: null,
    reason: 'granted',
    previous: null,
    ...over,
  };
}

export function summary(over: Partial<ScreenSummary> = {}): ScreenSummary {
  return { ent: ENT, counts: { online: 3, talking: 0, sos: 0, offline: 7, total: 10 }, floors: [], sos: [], alerts: [], at: AT, ...over };
}

export function member(uid: number, over: Partial<ScreenMember> = {}): ScreenMember {
  return { uid, nickname: `Member ${uid}`, status: 'online', lng: 116.39 + uid / 1000, lat: 39.9, time: 1_772_352_000_000, ...over };
}

export function display(id: number, over: Partial<Display> = {}): Display {
  return {
    id,
    name: `Wall ${id}`,
    layout: DEFAULT_SCREEN_LAYOUT,
    createdAt: AT,
    createdBy: { id: 1, nickname: 'Admin' },
    pairedAt: AT,
    lastSeenAt: AT,
    online: true,
    ...over,
  };
}
