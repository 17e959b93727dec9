import { CHAT_SEND_LIMIT } from '@ptt/contracts';

/**
 * "Sending messages too fast is refused" (spec section 5). One node counts in memory; with
 * `REDIS_URL` every node counts in one Redis window (redis-send-limiter.ts), so spreading sends
 * over nodes does not multiply the limit.
 */
export interface SendLimiter {
  /** Counts one send for `key` if it is within the limit; false (and nothing counted) otherwise. */
  take(key: string): Promise<boolean>;
}

/** Sliding window per key, in this node's memory. */
export class MemorySendLimiter implements SendLimiter {
  private readonly sent = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly max: number = CHAT_SEND_LIMIT.messages,
    private readonly windowMs: number = CHAT_SEND_LIMIT.windowMs,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<boolean> {
    const t = this.now();
    const recent = (this.sent.get(key) ?? []).filter((at) => t - at < this.windowMs);
    const allowed = recent.length < this.max;
    if (allowed) recent.push(t);
    this.sent.set(key, recent);
    this.sweep(t);
    return Promise.resolve(allowed);
  }

  /** Forgets quiet senders once per window, so the map does not grow with every sender ever seen. */
  private sweep(t: number): void {
    if (t - this.lastSweep < this.windowMs) return;
    this.lastSweep = t;
    for (const [key, times] of this.sent) {
      if (times.every((at) => t - at >= this.windowMs)) this.sent.delete(key);
    }
  }
}
