import { z } from 'zod';

// What the console measured of PTT in this browser session, published by the dispatch remote on
// the bus state topic `ptt/stats` and shown by the diagnostics page (/main/test).

/** An access time (press to floor granted and talking shown) above this is a warning. */
export const PTT_ACCESS_WARN_MS = 150;

const ms = z.number().nonnegative();

/**
 * Where the access time goes (medians over the measured presses), from the floor request's
 * resource timing and the server's Server-Timing: press to request sent, the network (the
 * browser's network stack and the wire, both ways), the server (of which the media server's part),
 * and from the answer to "talking" on screen.
 */
export const accessPartsSchema = z.object({
  beforeRequestMs: ms.nullable(),
  networkMs: ms.nullable(),
  serverMs: ms.nullable(),
  mediaServerMs: ms.nullable(),
  renderMs: ms.nullable(),
});
export type AccessParts = z.infer<typeof accessPartsSchema>;

/**
 * Mouth to ear as this console hears it, part by part: the talker's packet (one Opus frame), half
 * the media round trip each way, what the media server adds (mixing and its prebuffer, or nothing
 * when it forwards), the receive jitter buffer (measured) and the audio output's latency.
 */
export const mouthToEarSchema = z.object({
  packetMs: ms,
  networkMs: ms.nullable(),
  mediaServerMs: ms,
  jitterBufferMs: ms.nullable(),
  playoutMs: ms.nullable(),
  /** The sum, with unknown parts left out. */
  totalMs: ms,
});
export type MouthToEar = z.infer<typeof mouthToEarSchema>;

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
  accessParts: accessPartsSchema.optional(),
  mouthToEar: mouthToEarSchema.optional(),
  updatedAt: z.number().int(),
});
export type PttStats = z.infer<typeof pttStatsSchema>;
