import { RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '@ptt/contracts';

/**
 * Delay before reconnect attempt after `failures` consecutive failures: 1 s, 2 s, 4 s ... capped at
 * 30 s, each drawn from its upper half ("equal jitter", `random` in [0, 1)). Without the draw every
 * console cut off by the same node's death came back at the same instants, a herd arriving at the
 * node that took them over (issue 25); with it they spread over half of each step, and none waits
 * longer than the plain doubling would.
 */
export function reconnectDelayMs(
  failures: number,
  baseMs: number = RECONNECT_BASE_DELAY_MS,
  maxMs: number = RECONNECT_MAX_DELAY_MS,
  random: () => number = () => 1,
): number {
  const exponent = Math.max(0, failures - 1);
  // Cap the exponent so 2 ** n never overflows into Infinity on long outages.
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}
