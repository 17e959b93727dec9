import { z } from 'zod';
import { text } from '../text';
import { floorViaSchema, pttTalkerSchema } from '../rest/ptt';

// The PttFloor frame: a floor changed hands. Channels: on `msg/listen/channel/{entId}/{channelId}`;
// temporary channels: on `msg/listen/user/{entId}/{userId}` of each member. The console's adapter
// republishes it from either topic on the bus topic `ws/ptt`. See docs/protocol.md "PTT".

export const PTT_FLOOR_KIND = 'PttFloor';

/** Why the floor changed: granted (someone took a free floor), preempted (a dispatcher
 *  force-inserted), released (the holder let go), timeout (max duration reached), left (the holder
 *  lost their last /ws2 connection or their membership), closed (the temporary channel closed, or
 *  the channel was suspended, disbanded or deleted). */
export const FLOOR_CHANGE_REASONS = ['granted', 'preempted', 'released', 'timeout', 'left', 'closed'] as const;
export type FloorChangeReason = (typeof FLOOR_CHANGE_REASONS)[number];

export const pttFloorFrameSchema = z.object({
  chatId: text(),
  /** The new holder; null when the floor is free. */
  holder: pttTalkerSchema.nullable(),
  burstId: text().nullable(),
  since: text().nullable(),
  until: text().nullable(),
  /** Held through a patch or an all-call (ADR 024); absent or null for a plain press. */
  via: floorViaSchema.nullable().optional(),
  reason: z.enum(FLOOR_CHANGE_REASONS),
  /** The holder before this change (released, preempted, timed out), else null. */
  previous: pttTalkerSchema.nullable(),
});
export type PttFloorFrame = z.infer<typeof pttFloorFrameSchema>;
