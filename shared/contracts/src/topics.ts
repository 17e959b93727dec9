import { z } from 'zod';
import { parseIdText } from './ids';

// /ws2 topics of spec section 7. The spec writes the channel topic as
// `msg/listen/channel/{entId}...`; we fix it as `msg/listen/channel/{entId}/{channelId}`.

export const topics = {
  heartbeat: (entId: number, userId: number): string => `icoTest/json/device/heartbeat/${entId}/${userId}`,
  // Sent by devices (handsets, the simulator); not in the spec, which leaves device reports open.
  location: (entId: number, userId: number): string => `icoTest/json/device/location/${entId}/${userId}`,
  sos: (entId: number, userId: number): string => `icoTest/json/device/sos/${entId}/${userId}`,
  commandReply: (entId: number, userId: number): string => `icoTest/json/device/command/${entId}/${userId}`,
  /** A device's patrol check-in (a scanned QR code or NFC tag, ADR 029); not in the spec. */
  patrol: (entId: number, userId: number): string => `icoTest/json/device/patrol/${entId}/${userId}`,
  sosAlert: (entId: number): string => `sos alert/${entId}`,
  userListen: (entId: number, userId: number): string => `msg/listen/user/${entId}/${userId}`,
  userOnline: (entId: number): string => `user/onLine/${entId}`,
  entListen: (entId: number): string => `msg/listen/ent/${entId}`,
  dispatch: (entId: number): string => `dispatch/${entId}`,
  /** The large screen's frames (ADR 026): staff with screen.read and paired displays. */
  screen: (entId: number): string => `screen/${entId}`,
  channelListen: (entId: number, channelId: number): string => `msg/listen/channel/${entId}/${channelId}`,
} as const;

export type TopicKind = keyof typeof topics;

export type ParsedTopic =
  | { kind: 'heartbeat' | 'location' | 'sos' | 'commandReply' | 'patrol'; entId: number; userId: number }
  | { kind: 'userListen'; entId: number; userId: number }
  | { kind: 'channelListen'; entId: number; channelId: number }
  | { kind: 'sosAlert' | 'userOnline' | 'entListen' | 'dispatch' | 'screen'; entId: number };

type OneIdKind = 'sosAlert' | 'userOnline' | 'entListen' | 'dispatch' | 'screen';
type TwoIdKind = 'heartbeat' | 'location' | 'sos' | 'commandReply' | 'patrol' | 'userListen' | 'channelListen';

const ONE_ID_PREFIXES: ReadonlyArray<readonly [OneIdKind, string]> = [
  ['sosAlert', 'sos alert/'],
  ['userOnline', 'user/onLine/'],
  ['entListen', 'msg/listen/ent/'],
  ['dispatch', 'dispatch/'],
  ['screen', 'screen/'],
];
const TWO_ID_PREFIXES: ReadonlyArray<readonly [TwoIdKind, string]> = [
  ['heartbeat', 'icoTest/json/device/heartbeat/'],
  ['location', 'icoTest/json/device/location/'],
  ['sos', 'icoTest/json/device/sos/'],
  ['commandReply', 'icoTest/json/device/command/'],
  ['patrol', 'icoTest/json/device/patrol/'],
  ['userListen', 'msg/listen/user/'],
  ['channelListen', 'msg/listen/channel/'],
];

/** Reads a topic into its kind and ids; null for anything that is not exactly one of the topics. */
export function parseTopic(topic: string): ParsedTopic | null {
  for (const [kind, prefix] of ONE_ID_PREFIXES) {
    if (!topic.startsWith(prefix)) continue;
    const entId = parseIdText(topic.slice(prefix.length));
    return entId === null ? null : { kind, entId };
  }
  for (const [kind, prefix] of TWO_ID_PREFIXES) {
    if (!topic.startsWith(prefix)) continue;
    const rest = topic.slice(prefix.length).split('/');
    if (rest.length !== 2) return null;
    const entId = parseIdText(rest[0]);
    const second = parseIdText(rest[1]);
    if (entId === null || second === null) return null;
    return kind === 'channelListen' ? { kind, entId, channelId: second } : { kind, entId, userId: second };
  }
  return null;
}

// Message kinds (`t`) per received topic, word for word from spec section 7.
export const ENT_LISTEN_KINDS = [
  'Login',
  'Logout',
  'SosMsg',
  'OnLine',
  'UserUp',
  'UserLock',
  'UserAdd',
  'UserDel',
  'ChannelChange',
] as const;
export type EntListenKind = (typeof ENT_LISTEN_KINDS)[number];
export const entListenKindSchema = z.enum(ENT_LISTEN_KINDS);

/** MsgComm is an incoming talk. */
export const USER_LISTEN_KINDS = ['SosLog', 'ChannelUserDel', 'ChannelStatus', 'MsgComm'] as const;
export type UserListenKind = (typeof USER_LISTEN_KINDS)[number];
export const userListenKindSchema = z.enum(USER_LISTEN_KINDS);

export const CHANNEL_LISTEN_KINDS = ['ChannelStatus', 'ChannelUserAdd'] as const;
export type ChannelListenKind = (typeof CHANNEL_LISTEN_KINDS)[number];
export const channelListenKindSchema = z.enum(CHANNEL_LISTEN_KINDS);

/**
 * WallAlert (a cross-border alert) and FenceChange (a fence created, changed or deleted) go to the
 * bus as `ws/fence` (ADR 027; the spec's console only logged WallAlert); any other kind on
 * dispatch/ is a device info change.
 */
export const DISPATCH_KINDS = ['WallAlert', 'FenceChange'] as const;
/**
 * PatrolAlert (a checkpoint missed) and PatrolChange (a run, task or node changed) go to the bus
 * as `ws/patrol` (ADR 029).
 */
export const PATROL_KINDS = ['PatrolAlert', 'PatrolChange'] as const;
export type PatrolKind = (typeof PATROL_KINDS)[number];
export type DispatchKind = (typeof DISPATCH_KINDS)[number];
export const dispatchKindSchema = z.enum(DISPATCH_KINDS);

// The kinds the bus republishes: the listed ones plus the spec's "otherwise" bucket per topic.
export const PERSONAL_KIND = 'Personal';
export const GROUP_MESSAGE_KIND = 'GroupMessage';
export const DEVICE_INFO_KIND = 'DeviceInfo';

/** Topics a client publishes (everything else is server -> client). A client may publish only on
 *  its own enterprise and user ids; the server ignores any other. */
export const CLIENT_TOPIC_KINDS = ['heartbeat', 'location', 'sos', 'commandReply', 'patrol'] as const;
export type ClientTopicKind = (typeof CLIENT_TOPIC_KINDS)[number];

export const USER_BUS_KINDS = [...USER_LISTEN_KINDS, PERSONAL_KIND] as const;
export type UserBusKind = (typeof USER_BUS_KINDS)[number];
export const CHANNEL_BUS_KINDS = [...CHANNEL_LISTEN_KINDS, GROUP_MESSAGE_KIND] as const;
export type ChannelBusKind = (typeof CHANNEL_BUS_KINDS)[number];
export const DISPATCH_BUS_KINDS = [DEVICE_INFO_KIND] as const;
export type DispatchBusKind = (typeof DISPATCH_BUS_KINDS)[number];
