/** Runs at most `max` tasks at a time (logins cost the server an scrypt each); the rest wait in order. */
export class Limiter {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (this.running >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Back-off before the n-th retry (1-based): 1 s, 2 s, 4 s ... capped at 30 s, plus up to 1 s of
 *  jitter so a fleet cut off at once does not come back in lockstep. */
export function backoffMs(attempt: number, rnd: () => number = Math.random): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000) + Math.floor(rnd() * 1000);
}
