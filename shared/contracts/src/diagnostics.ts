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

/**
 * Upper bounds (ms) of the buckets of the fence evaluation time histogram: fine where the target
 * (20 ms, issue 22) is, coarse beyond. One more bucket counts everything above the last bound.
 */
export const FENCE_LATENCY_BOUNDS_MS: readonly number[] = [
  ...Array.from({ length: 40 }, (_, i) => (i + 1) * 0.25),
  ...Array.from({ length: 40 }, (_, i) => 11 + i),
  ...Array.from({ length: 45 }, (_, i) => 60 + i * 10),
  1_000, 2_000, 5_000, 10_000,
];

const fenceHistogramSchema = z.object({ boundsMs: z.array(z.number()), counts: z.array(z.number().int().nonnegative()) });

/**
 * `GET /api/diagnostics/fences`: geofence evaluation of the caller's organisation on the node that
 * answers, counted since it started. `latency` is the time from a report's positions being stored
 * to their evaluation against every fence covering the member having finished (writes and frames
 * included), as counts per bucket of FENCE_LATENCY_BOUNDS_MS (one more for above the last).
 */
export const fenceEvaluationStatsSchema = z.object({
  /** When this node started counting (ISO). */
  since: text(),
  /** Stored reports seen ('location.stored'), covered by a fence or not. */
  reports: z.number().int().nonnegative(),
  /** Position and fence pairs stepped (ADR 027's pure step). */
  evaluations: z.number().int().nonnegative(),
  alerts: z.number().int().nonnegative(),
  /** Reports that read their member's fence states from the database (not remembered, or for more
   *  than about a minute); the reads of the reports of one moment share one query. */
  stateReads: z.number().int().nonnegative(),
  /** fence_states rows written (a state changed; the writes of one moment share a transaction),
   *  and rows still refused after three attempts because another node or a newer point changed the
   *  row first (each refusal is stepped again from the stored row). */
  stateWrites: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
  /** Reports whose evaluation failed (a database error); the error log says why. */
  failures: z.number().int().nonnegative(),
  latency: fenceHistogramSchema,
  /** The same for the reports evaluated the asynchronous way: a state to read or write, the
   *  fences still loading, or an earlier report of the member still being evaluated. The others
   *  are evaluated in the turn that stored them. */
  databaseLatency: fenceHistogramSchema,
});
export type FenceEvaluationStats = z.infer<typeof fenceEvaluationStatsSchema>;

/**
 * The reason (`data.reason`) of the 503/600 every request answers while the server cannot reach its
 * database: the console shows the database as down rather than a bare "service busy".
 */
export const DATABASE_UNAVAILABLE = 'databaseUnavailable';

export const ServiceState = { Up: 'up', Down: 'down', NotConfigured: 'notConfigured' } as const;
export type ServiceState = (typeof ServiceState)[keyof typeof ServiceState];
export const serviceStateSchema = z.enum(ServiceState);

/** `GET /api/diagnostics/status`: what the answering node can reach now (the console's banner). */
export const serviceStatusSchema = z.object({
  database: serviceStateSchema,
  /** notConfigured on a single node without REDIS_URL. */
  redis: serviceStateSchema,
  /** notConfigured without a media server (PTT audio off). */
  janus: serviceStateSchema,
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
export const SERVICE_STATUS_PATH = '/api/diagnostics/status';
