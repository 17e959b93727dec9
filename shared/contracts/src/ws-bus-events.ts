import { z } from 'zod';
import { text } from './text';
import { SERVER_FRAMES } from './realtime/frames';
import { FLOOR_CHANGE_REASONS } from './realtime/ptt';
import { SCREEN_KINDS } from './realtime/screen';
import { CHANNEL_BUS_KINDS, DEVICE_INFO_KIND, DISPATCH_BUS_KINDS, DISPATCH_KINDS, ENT_LISTEN_KINDS, PATROL_KINDS, GROUP_MESSAGE_KIND, PERSONAL_KIND, USER_BUS_KINDS } from './topics';

// Payloads of the ws/* bus topics: a /ws2 frame's data, parsed once by the socket bridge's
// adapter with the schema the server publishes it with (SERVER_FRAMES), then typed by kind.
// Kinds the spec names keep their name; the spec's "otherwise" buckets (Personal, GroupMessage,
// DeviceInfo) hold several frame kinds, told apart by `t`, the frame's own kind.

const { entListen: ent, userListen: user, channelListen: channel, dispatch, screen } = SERVER_FRAMES;

const named = <K extends string, D extends z.ZodType>(kind: K, data: D) => z.object({ kind: z.literal(kind), data, topic: text() });
const inBucket = <B extends string, T extends string, D extends z.ZodType>(bucket: B, t: T, data: D) =>
  z.object({ kind: z.literal(bucket), t: z.literal(t), data, topic: text() });

export const wsEntEventSchema = z.discriminatedUnion('kind', [
  named('Login', ent.Login),
  named('Logout', ent.Logout),
  named('SosMsg', ent.SosMsg),
  named('OnLine', ent.OnLine),
  named('UserUp', ent.UserUp),
  named('UserLock', ent.UserLock),
  named('UserAdd', ent.UserAdd),
  named('UserDel', ent.UserDel),
  named('ChannelChange', ent.ChannelChange),
]);

export const wsUserEventSchema = z.discriminatedUnion('kind', [
  named('SosLog', user.SosLog),
  named('ChannelUserDel', user.ChannelUserDel),
  named('ChannelStatus', user.ChannelStatus),
  named('MsgComm', user.MsgComm),
  z.discriminatedUnion('t', [
    inBucket(PERSONAL_KIND, 'Message', user.Message),
    inBucket(PERSONAL_KIND, 'DeviceCommand', user.DeviceCommand),
    inBucket(PERSONAL_KIND, 'Notice', user.Notice),
    inBucket(PERSONAL_KIND, 'TempChannel', user.TempChannel),
    inBucket(PERSONAL_KIND, 'WatchedChannels', user.WatchedChannels),
    inBucket(PERSONAL_KIND, 'SosEscalation', user.SosEscalation),
    inBucket(PERSONAL_KIND, 'ExportProgress', user.ExportProgress),
    inBucket(PERSONAL_KIND, 'PatrolScanResult', user.PatrolScanResult),
  ]),
]);

export const wsChannelEventSchema = z.discriminatedUnion('kind', [
  named('ChannelStatus', channel.ChannelStatus),
  named('ChannelUserAdd', channel.ChannelUserAdd),
  z.discriminatedUnion('t', [
    inBucket(GROUP_MESSAGE_KIND, 'Message', channel.Message),
    /** A patch of this channel started or ended (ADR 024). */
    inBucket(GROUP_MESSAGE_KIND, 'PttPatch', channel.PttPatch),
  ]),
]);

export const wsDispatchEventSchema = z.discriminatedUnion('t', [
  inBucket(DEVICE_INFO_KIND, 'Location', dispatch.Location),
  inBucket(DEVICE_INFO_KIND, 'Locations', dispatch.Locations),
  inBucket(DEVICE_INFO_KIND, 'DeviceChange', dispatch.DeviceChange),
  inBucket(DEVICE_INFO_KIND, 'CommandStatus', dispatch.CommandStatus),
]);

/** Geofence frames of `dispatch/{entId}` (ADR 027): alerts and fence changes, by kind. */
export const wsFenceEventSchema = z.discriminatedUnion('kind', [
  named('WallAlert', dispatch.WallAlert),
  named('FenceChange', dispatch.FenceChange),
]);

/** Patrol frames of `dispatch/{entId}` (ADR 029): missed checkpoints and changes, by kind. */
export const wsPatrolEventSchema = z.discriminatedUnion('kind', [
  named('PatrolAlert', dispatch.PatrolAlert),
  named('PatrolChange', dispatch.PatrolChange),
]);

/** The large screen's frames (ADR 026), by kind. */
export const wsScreenEventSchema = z.discriminatedUnion('kind', [
  named('ScreenCounts', screen.ScreenCounts),
  named('ScreenFloor', screen.ScreenFloor),
  named('ScreenAlert', screen.ScreenAlert),
  named('ScreenLayout', screen.ScreenLayout),
]);

export type WsEntEvent = z.output<typeof wsEntEventSchema>;
export type WsUserEvent = z.output<typeof wsUserEventSchema>;
export type WsChannelEvent = z.output<typeof wsChannelEventSchema>;
export type WsDispatchEvent = z.output<typeof wsDispatchEventSchema>;
export type WsScreenEvent = z.output<typeof wsScreenEventSchema>;
export type WsFenceEvent = z.output<typeof wsFenceEventSchema>;
export type WsPatrolEvent = z.output<typeof wsPatrolEventSchema>;

// What `publish` checks of a ws/* payload. Its data was parsed by the adapter already; checking
// it again here would parse every frame twice (and a chat message is the costliest to parse).
const envelope = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({ kind: z.enum(kinds), t: text().optional(), data: z.unknown(), topic: text() });

export const wsEntEnvelopeSchema = envelope(ENT_LISTEN_KINDS);
export const wsUserEnvelopeSchema = envelope(USER_BUS_KINDS);
export const wsChannelEnvelopeSchema = envelope(CHANNEL_BUS_KINDS);
export const wsDispatchEnvelopeSchema = envelope(DISPATCH_BUS_KINDS);
export const wsScreenEnvelopeSchema = envelope(SCREEN_KINDS);
export const wsFenceEnvelopeSchema = envelope(DISPATCH_KINDS);
export const wsPatrolEnvelopeSchema = envelope(PATROL_KINDS);
/** ws/ptt carries the PttFloor data itself: its two fields every subscriber branches on. */
export const wsPttEnvelopeSchema = z.looseObject({ chatId: text(), reason: z.enum(FLOOR_CHANGE_REASONS) });
