import { RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '@ptt/contracts';

/** Delay before reconnect attempt after `failures` consecutive failures: 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelayMs(
  failures: number,
  baseMs: number = RECONNECT_BASE_DELAY_MS,
  maxMs: number = RECONNECT_MAX_DELAY_MS,
): number {
  const exponent = Math.max(0, failures - 1);
  // Cap the exponent so 2 ** n never overflows into Infinity on long outages.
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
}
