import type { z } from 'zod';
import { HEARTBEAT_KIND, heartbeatSchema, simpleHeartbeatSchema } from '../heartbeat';
import { patrolScanSchema } from '../rest/patrol';
import type { ClientTopicKind } from '../topics';
import { COMMAND_REPLY_KIND, commandReplySchema } from './commands';
import { LOCATION_KIND, locationReportBodySchema } from './location';
import { PATROL_SCAN_KIND } from './patrol';
import { SOS_KIND, sosReportSchema } from './sos';

/** What a client may send on one of its own topics (docs/protocol.md). */
export interface ClientFrameSchema {
  /** The frame's `t`. */
  t: string;
  /** False when the handler reads any `t` (heartbeats and command replies are told apart by topic). */
  tChecked: boolean;
  /** `data` is one of these. */
  data: readonly z.ZodType[];
}

/**
 * Every client-sent topic kind with its `t` and `data` schemas: the one table the /ws2 fuzz draws
 * frames from (server/test/ws2-fuzz.test.ts). Each handler parses with the same schemas.
 */
export const CLIENT_FRAME_SCHEMAS: Readonly<Record<ClientTopicKind, ClientFrameSchema>> = {
  heartbeat: { t: HEARTBEAT_KIND, tChecked: false, data: [heartbeatSchema, simpleHeartbeatSchema] },
  location: { t: LOCATION_KIND, tChecked: true, data: [locationReportBodySchema] },
  sos: { t: SOS_KIND, tChecked: true, data: [sosReportSchema] },
  commandReply: { t: COMMAND_REPLY_KIND, tChecked: false, data: [commandReplySchema] },
  patrol: { t: PATROL_SCAN_KIND, tChecked: true, data: [patrolScanSchema] },
};
