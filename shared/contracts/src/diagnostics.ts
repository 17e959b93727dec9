import { z } from 'zod';
import { text } from './text';

// /main/test diagnostics: what the server reports about itself (its clock, the media server).

/** A round trip (REST or /ws2) slower than this is a warning, not a failure. */
export const ROUND_TRIP_WARN_MS = 500;
/** How long the server waits for Janus before calling it unreachable. */
export const JANUS_PROBE_TIMEOUT_MS = 3_000;

export const JanusStatus = { NotConfigured: 'notConfigured', Reachable: 'reachable', Unreachable: 'unreachable' } as const;
export type JanusStatus = (typeof JanusStatus)[keyof typeof JanusStatus];
export const janusStatusSchema = z.enum(JanusStatus);

export const janusCheckSchema = z.object({
  status: janusStatusSchema,
  /** Reachable: how long Janus took to answer `info`. */
  latencyMs: z.number().int().nonnegative().nullable(),
  /** Unreachable: why (network error, time-out, HTTP status, not a Janus answer). */
  error: text().nullable(),
  /** Reachable: the server name and version Janus reports. */
  server: text().nullable(),
});
export type JanusCheck = z.infer<typeof janusCheckSchema>;

/** `GET /api/diagnostics/time`: answered at once, so its round trip is the REST round trip. */
export const serverTimeSchema = z.object({
  /** The server's clock, ms since the epoch, read just before answering. */
  serverTime: z.number().int(),
});
export type ServerTime = z.infer<typeof serverTimeSchema>;

/**
 * The browser's clock minus the server's, from one request sent at `sentAt` and answered at
 * `receivedAt` (browser clock): the server read its clock about half-way through the round trip.
 */
export function clockSkewMs(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round((sentAt + receivedAt) / 2 - serverTime);
}
