import {
  CLOCK_SKEW_LIMIT_MS,
  JanusStatus,
  PTT_ACCESS_WARN_MS,
  PONG_KIND,
  ROUND_TRIP_WARN_MS,
  WS2_TOKEN_QUERY,
  janusCheckSchema,
  parseWs2Frame,
  pingFrame,
  type JanusCheck,
  type PttStats,
} from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { isClockWrong } from '../app/clockCheck';

export type CheckState = 'idle' | 'running' | 'ok' | 'warning' | 'failed';

/** What a check shows: its state and one message (an i18n key of the diagnostics namespace). */
export interface CheckResult {
  state: CheckState;
  key?: string;
  values?: Record<string, string | number>;
}

/** Pings after the first (which waits for the server to check the token) that are measured. */
export const SOCKET_SAMPLES = 5;
/** One ping without its Pong this long: the socket check fails. */
export const SOCKET_PING_TIMEOUT_MS = 3_000;

export class SocketCheckError extends Error {
  constructor(
    readonly key: 'socket.closed' | 'socket.timeout',
    readonly values: Record<string, number> = {},
  ) {
    super(key);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The /ws2 round trip: a short-lived socket with the session's token sends the protocol's own
 * keep-alive ping (`sys/ping`) and times each `Pong`. The first ping is not counted (the server
 * holds frames until it has checked the token); the answer is the median of the rest.
 */
export function socketRoundTrip(url: string, token: string, samples = SOCKET_SAMPLES, now = () => performance.now()): Promise<{ ms: number; count: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}?${WS2_TOKEN_QUERY}=${encodeURIComponent(token)}`);
    const times: number[] = [];
    let sent = 0;
    let sentAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (error: SocketCheckError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ws.onclose = ws.onmessage = ws.onerror = null;
      ws.close(1000);
      if (error) reject(error);
      else resolve({ ms: Math.round(median(times)), count: times.length });
    };
    const ping = () => {
      sent += 1;
      sentAt = now();
      ws.send(JSON.stringify(pingFrame()));
      timer = setTimeout(() => finish(new SocketCheckError('socket.timeout', { ms: SOCKET_PING_TIMEOUT_MS })), SOCKET_PING_TIMEOUT_MS);
    };
    ws.onopen = ping;
    ws.onmessage = (event: MessageEvent) => {
      const frame = parseWs2Frame(typeof event.data === 'string' ? event.data : undefined);
      if (frame?.t !== PONG_KIND) return;
      clearTimeout(timer);
      // The first ping is the warm-up.
      if (sent > 1) times.push(now() - sentAt);
      if (times.length >= samples) finish(null);
      else ping();
    };
    ws.onerror = () => finish(new SocketCheckError('socket.closed'));
    ws.onclose = () => finish(new SocketCheckError('socket.closed'));
  });
}

export function judgeRoundTrip(prefix: 'socket' | 'rest', ms: number, extra: Record<string, number> = {}): CheckResult {
  if (ms > ROUND_TRIP_WARN_MS) return { state: 'warning', key: `${prefix}.slow`, values: { ms, limit: ROUND_TRIP_WARN_MS, ...extra } };
  return { state: 'ok', key: `${prefix}.detail`, values: { ms, ...extra } };
}

/** Warns where the console itself says 'System time error' (CLOCK_SKEW_LIMIT_MS). */
export function judgeSkew(skewMs: number): CheckResult {
  if (isClockWrong(skewMs)) return { state: 'warning', key: 'clock.far', values: { ms: skewMs, limit: CLOCK_SKEW_LIMIT_MS } };
  return { state: 'ok', key: 'clock.detail', values: { ms: skewMs } };
}

export function judgeJanus(check: JanusCheck): CheckResult {
  switch (check.status) {
    case JanusStatus.NotConfigured:
      return { state: 'warning', key: 'janus.notConfigured' };
    case JanusStatus.Reachable:
      return { state: 'ok', key: 'janus.reachable', values: { ms: check.latencyMs ?? 0, server: check.server ?? 'Janus' } };
    case JanusStatus.Unreachable:
      return { state: 'failed', key: 'janus.unreachable', values: { error: check.error ?? '' } };
  }
}

export function fetchJanus(api: ApiClient): Promise<JanusCheck> {
  return api.get('/api/diagnostics/janus', { schema: janusCheckSchema });
}

/** Rounds a figure for display; '—' when it is not known yet. */
function figure(ms: number | null): string {
  return ms === null ? '—' : String(Math.round(ms));
}

/**
 * The PTT figures the dispatch console measured in this browser session (bus state `ptt/stats`):
 * nothing to judge before the first press; a 95th percentile access time above
 * PTT_ACCESS_WARN_MS is a warning.
 */
export function judgePtt(stats: PttStats | undefined): CheckResult {
  if (!stats || stats.samples === 0) return { state: 'idle', key: 'ptt.none' };
  const values = {
    last: figure(stats.accessLastMs),
    median: figure(stats.accessMedianMs),
    p95: figure(stats.accessP95Ms),
    count: stats.samples,
    rtt: figure(stats.roundTripMs),
    jitter: figure(stats.jitterBufferMs),
  };
  const slow = stats.accessP95Ms !== null && stats.accessP95Ms > PTT_ACCESS_WARN_MS;
  return slow ? { state: 'warning', key: 'ptt.slow', values: { ...values, limit: PTT_ACCESS_WARN_MS } } : { state: 'ok', key: 'ptt.detail', values };
}

/** The socket bridge's count of /ws2 frames dropped for not matching the contracts: any is a
 *  server and console out of step, which shows as data missing on screen rather than an error. */
export function judgeDroppedFrames(dropped: Readonly<Record<string, number>>): CheckResult {
  const kinds = Object.entries(dropped).filter(([, n]) => n > 0);
  if (kinds.length === 0) return { state: 'ok', key: 'frames.none' };
  const count = kinds.reduce((sum, [, n]) => sum + n, 0);
  return { state: 'warning', key: 'frames.dropped', values: { count, kinds: kinds.map(([kind, n]) => `${kind} ×${n}`).join(', ') } };
}
