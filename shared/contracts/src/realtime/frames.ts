import type { z } from 'zod';
import { DEVICE_CHANGE_KIND, deviceChangeSchema } from '../rest/devices';
import { MSG_COMM_KIND, msgCommSchema } from './calls';
import { CHAT_MESSAGE_KIND, chatMessageSchema } from './chat';
import { COMMAND_STATUS_KIND, DEVICE_COMMAND_KIND, commandStatusSchema, deviceCommandFrameSchema } from './commands';
import {
  channelChangeFrameSchema,
  channelStatusFrameSchema,
  channelUserAddFrameSchema,
  channelUserDelFrameSchema,
  loginFrameSchema,
  memberStatusFrameSchema,
  presenceFrameSchema,
  userDelFrameSchema,
  userFrameSchema,
} from './listen';
import { FENCE_CHANGE_KIND, WALL_ALERT_KIND, fenceChangeFrameSchema, wallAlertFrameSchema } from './fence';
import { PATROL_ALERT_KIND, PATROL_CHANGE_KIND, PATROL_SCAN_RESULT_KIND, patrolAlertFrameSchema, patrolChangeFrameSchema, patrolScanResultSchema } from './patrol';
import { EXPORT_PROGRESS_KIND, exportProgressFrameSchema } from '../rest/exports';
import { LOCATIONS_KIND, LOCATION_KIND, locationPointSchema, locationsFrameSchema } from './location';
import { SOS_ESCALATION_KIND, SOS_KIND, SOS_LOG_KIND, SOS_MSG_KIND, sosEscalationFrameSchema, sosLogSchema, sosMsgSchema } from './sos';
import { NOTICE_KIND, noticeFrameSchema } from '../notices';
import { TEMP_CHANNEL_KIND, tempChannelFrameSchema } from './temp-channels';
import { PTT_FLOOR_KIND, pttFloorFrameSchema } from './ptt';
import { SCREEN_ALERT_KIND, SCREEN_COUNTS_KIND, SCREEN_FLOOR_KIND, SCREEN_LAYOUT_KIND, screenCountsSchema, screenFloorFrameSchema, screenLayoutFrameSchema } from './screen';
import { WATCHED_CHANNELS_KIND, watchedChannelsSchema } from '../rest/watch';
import { PTT_PATCH_KIND, pttPatchFrameSchema } from '../rest/patch';

/** Topics the server publishes on (see `topics`). */
export type ServerTopicKind = 'entListen' | 'userListen' | 'channelListen' | 'dispatch' | 'sosAlert' | 'userOnline' | 'screen';

/**
 * Every kind the server publishes, per topic, with the schema of its `data`: the one list of what
 * a client can receive. Kinds beyond spec section 7's named ones are its "otherwise" buckets
 * (personal and group messages, device info changes). docs/protocol.md describes each.
 */
export const SERVER_FRAMES = {
  entListen: {
    Login: loginFrameSchema,
    Logout: presenceFrameSchema,
    OnLine: presenceFrameSchema,
    [SOS_MSG_KIND]: sosMsgSchema,
    UserAdd: userFrameSchema,
    UserUp: userFrameSchema,
    UserLock: userFrameSchema,
    UserDel: userDelFrameSchema,
    ChannelChange: channelChangeFrameSchema,
  },
  userListen: {
    [SOS_LOG_KIND]: sosLogSchema,
    ChannelUserDel: channelUserDelFrameSchema,
    ChannelStatus: memberStatusFrameSchema,
    [MSG_COMM_KIND]: msgCommSchema,
    [CHAT_MESSAGE_KIND]: chatMessageSchema,
    [DEVICE_COMMAND_KIND]: deviceCommandFrameSchema,
    [NOTICE_KIND]: noticeFrameSchema,
    [TEMP_CHANNEL_KIND]: tempChannelFrameSchema,
    /** Floors of temporary channels, to each member. */
    [PTT_FLOOR_KIND]: pttFloorFrameSchema,
    /** The user's watched channels after a save, to their own sockets (ADR 023). */
    [WATCHED_CHANNELS_KIND]: watchedChannelsSchema,
    /** An SOS nobody acknowledged in time, to each online admin (ADR 025). */
    [SOS_ESCALATION_KIND]: sosEscalationFrameSchema,
    /** Progress of the user's own record export (ADR 028). */
    [EXPORT_PROGRESS_KIND]: exportProgressFrameSchema,
    /** What a device's patrol scan counted for, to the scanner's own sockets (ADR 029). */
    [PATROL_SCAN_RESULT_KIND]: patrolScanResultSchema,
  },
  channelListen: {
    ChannelStatus: channelStatusFrameSchema,
    ChannelUserAdd: channelUserAddFrameSchema,
    [CHAT_MESSAGE_KIND]: chatMessageSchema,
    [PTT_FLOOR_KIND]: pttFloorFrameSchema,
    /** A patch that links this channel started or ended (ADR 024). */
    [PTT_PATCH_KIND]: pttPatchFrameSchema,
  },
  dispatch: {
    [LOCATION_KIND]: locationPointSchema,
    [LOCATIONS_KIND]: locationsFrameSchema,
    [DEVICE_CHANGE_KIND]: deviceChangeSchema,
    [COMMAND_STATUS_KIND]: commandStatusSchema,
    [WALL_ALERT_KIND]: wallAlertFrameSchema,
    [FENCE_CHANGE_KIND]: fenceChangeFrameSchema,
    [PATROL_ALERT_KIND]: patrolAlertFrameSchema,
    [PATROL_CHANGE_KIND]: patrolChangeFrameSchema,
  },
  sosAlert: { [SOS_KIND]: sosMsgSchema },
  userOnline: { OnLine: presenceFrameSchema, Logout: presenceFrameSchema },
  /** The large screen (ADR 026): staff with screen.read and paired displays. */
  screen: {
    [SCREEN_COUNTS_KIND]: screenCountsSchema,
    [SCREEN_FLOOR_KIND]: screenFloorFrameSchema,
    [SCREEN_ALERT_KIND]: wallAlertFrameSchema,
    [SCREEN_LAYOUT_KIND]: screenLayoutFrameSchema,
  },
} as const satisfies Record<ServerTopicKind, Record<string, z.ZodType>>;

/** The schema of a frame's data, or null when the server never publishes that kind there. */
export function serverFrameSchema(topicKind: string, kind: string): z.ZodType | null {
  const byKind = (SERVER_FRAMES as Record<string, Record<string, z.ZodType> | undefined>)[topicKind];
  return byKind?.[kind] ?? null;
}
