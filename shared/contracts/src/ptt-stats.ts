import { z } from 'zod';

// What the console measured of PTT in this browser session, published by the dispatch remote on
// the bus state topic `ptt/stats` and shown by the diagnostics page (/main/test).

/** An access time (press to floor granted and talking shown) above this is a warning. */
export const PTT_ACCESS_WARN_MS = 150;

const ms = z.number().nonnegative();

export const pttStatsSchema = z.object({
  /** Presses that were granted and measured. */
  samples: z.number().int().nonnegative(),
  accessLastMs: ms.nullable(),
  accessMedianMs: ms.nullable(),
  accessP95Ms: ms.nullable(),
  /** The media connection's round trip (WebRTC remote-inbound-rtp), null before it is known. */
  roundTripMs: ms.nullable(),
  /** The receive jitter buffer's average delay: the larger part of mouth-to-ear latency. */
  jitterBufferMs: ms.nullable(),
  updatedAt: z.number().int(),
});
export type PttStats = z.infer<typeof pttStatsSchema>;
