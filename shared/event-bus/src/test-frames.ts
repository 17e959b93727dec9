// Frame data the server publishes, for the adapter and bridge tests (not exported from the package).
import type { Ws2Frame } from '@ptt/contracts';

export const ENT = 'msg/listen/ent/100001';
export const USER = 'msg/listen/user/100001/7';
export const CHANNEL = 'msg/listen/channel/100001/3';
export const DISPATCH = 'dispatch/100001';
export const SCREEN = 'screen/100001';

export function frame(topic: string, t: string, data: unknown): Ws2Frame {
  return { code: 0, topic, data, t };
}

const who = { uid: 9, account: 'member9', nickname: 'Member 9' };
const at = '2026-01-01T08:00:00.000Z';

export const groupMessage = {
  id: 41,
  chatId: '100001-1-3',
  kind: 'group',
  channelId: 3,
  toUserId: null,
  from: { uid: 9, nickname: 'Member 9' },
  clientMsgId: null,
  createdAt: at,
  type: 0,
  content: { text: 'on my way' },
};

export const personalMessage = { ...groupMessage, id: 42, chatId: '100001-0-7-9', kind: 'personal', channelId: null, toUserId: 7 };

export const floor = {
  chatId: '100001-1-3',
  holder: { uid: 9, nickname: 'Member 9' },
  burstId: 'b1',
  since: at,
  until: '2026-01-01T08:01:00.000Z',
  reason: 'granted',
  previous: null,
};

/** One valid data per kind the spec names, by topic. */
export const ENT_DATA: Record<string, unknown> = {
  Login: { ...who, role: 0 },
  Logout: { ...who, status: 'offline' },
  OnLine: { ...who, status: 'online' },
  SosMsg: { sosId: 5, ...who, lng: null, lat: null, device: null, startedAt: at, deviceId: null, closedAt: null, dispatcherId: null, state: 'open', ackedAt: null, ackedBy: null, escalatedAt: null },
  UserAdd: { ...who, role: 0, locked: false, avatar: null },
  UserUp: { ...who, role: 0, locked: false, avatar: null },
  UserLock: { ...who, role: 0, locked: true, avatar: null },
  UserDel: who,
  ChannelChange: { action: 'update', channelId: 3, name: 'Night shift', enabled: true },
};

export const USER_DATA: Record<string, unknown> = {
  SosLog: { sosId: 5, state: 'open', answered: false, reason: 'rule.nobodyInSos' },
  ChannelUserDel: { channelId: 3, reason: 'removed' },
  ChannelStatus: { channelId: 3, userId: 7, role: 0, level: 1, enabled: true },
  MsgComm: { callId: 8, callerId: 9, calleeId: 7, caller: who, callee: { uid: 7, account: 'disp7', nickname: 'Dispatcher 7' }, state: 0, result: 0, at },
};

export const CHANNEL_DATA: Record<string, unknown> = {
  ChannelStatus: { channelId: 3, enabled: false },
  ChannelUserAdd: { channelId: 3, userIds: [9] },
};

export const DEVICE_INFO_DATA: Record<string, unknown> = {
  Location: { uid: 9, lng: 116.4, lat: 39.9, coord: 0, time: 1_767_254_400_000 },
  Locations: { points: [{ uid: 9, lng: 116.4, lat: 39.9, coord: 0, time: 1_767_254_400_000 }] },
  DeviceChange: { deviceId: 4, change: 'updated' },
  CommandStatus: { commandId: 12, deviceId: 4, command: 'stun', state: 'sent', at },
};

export const SCREEN_DATA: Record<string, unknown> = {
  ScreenCounts: { online: 3, talking: 1, sos: 0, offline: 7, total: 10 },
  ScreenFloor: { ...floor, channelId: 3, channelName: 'Night shift' },
  ScreenAlert: { alertId: 6, fenceId: 2, fenceName: 'Depot', uid: 9, account: 'member9', nickname: 'Member 9', type: 'leave', lng: 116.4, lat: 39.9, time: at },
  ScreenLayout: { displayId: 3, layout: { map: true, left: ['counts'], right: ['sos'] } },
};
