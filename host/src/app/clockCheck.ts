import { CLOCK_SKEW_LIMIT_MS, healthSchema } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

export const HEALTH_PATH = '/api/health';

/**
 * How far the browser's clock is from the server's, in ms (positive: the browser is ahead). The
 * server's time is taken as read halfway through the request.
 */
export async function clockSkewMs(api: ApiClient, now: () => number = Date.now): Promise<number> {
  const sent = now();
  const { time } = await api.get(HEALTH_PATH, { schema: healthSchema });
  const received = now();
  return (sent + received) / 2 - time;
}

export function isClockWrong(skewMs: number): boolean {
  return Math.abs(skewMs) > CLOCK_SKEW_LIMIT_MS;
}
