import { CLOCK_SKEW_LIMIT_MS, clockSkewMs, serverTimeSchema } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

export const SERVER_TIME_PATH = '/api/diagnostics/time';

/**
 * One timed request for the server's clock: the REST round trip and how far the browser's clock is
 * from the server's (positive: the browser is ahead). The shell's 'System time error' and the
 * diagnostics page both measure with it.
 */
export async function measureClock(
  api: ApiClient,
  wallNow: () => number = () => Date.now(),
  now: () => number = () => performance.now(),
): Promise<{ rttMs: number; skewMs: number }> {
  const wallSent = wallNow();
  const sent = now();
  const { serverTime } = await api.get(SERVER_TIME_PATH, { schema: serverTimeSchema });
  const rttMs = Math.round(now() - sent);
  return { rttMs, skewMs: clockSkewMs(serverTime, wallSent, wallNow()) };
}

export function isClockWrong(skewMs: number): boolean {
  return Math.abs(skewMs) > CLOCK_SKEW_LIMIT_MS;
}
