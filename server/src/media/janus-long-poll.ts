// One Janus session's long poll, shared by the browser's successive polls. Janus 1.1.2's HTTP
// transport keeps a long poll registered after its client went away and writes the next events
// into that dead request, losing them (tried: a poll aborted, then a join, then a new poll got
// nothing for 30 s). So the proxy never aborts the poll it sent to Janus: when the browser gives up
// waiting, what Janus answers later is kept for the browser's next poll.

const isKeepalive = (answer: unknown): boolean => (answer as { janus?: unknown } | null)?.janus === 'keepalive';

/** Kept answers per session; a browser that never polls again loses its session to Janus anyway. */
const MAX_KEPT = 50;

export class SharedLongPoll {
  private upstream: Promise<unknown> | null = null;
  private readonly kept: unknown[] = [];
  private taken = false;

  constructor(private readonly poll: (maxev: number) => Promise<unknown>) {}

  /** The next answer for the browser, or undefined when it went away first (`signal`). */
  async next(maxev: number, signal: AbortSignal): Promise<unknown> {
    for (;;) {
      if (this.kept.length > 0) return this.kept.shift();
      const upstream = this.upstream ?? this.start(maxev);
      const gone = new Promise<'gone'>((resolve) => {
        if (signal.aborted) resolve('gone');
        signal.addEventListener('abort', () => resolve('gone'), { once: true });
      });
      const result = await Promise.race([upstream.then((answer) => ({ answer })), gone]);
      if (result === 'gone') return undefined;
      // Two polls of one session at once (janus.js makes one at a time): the first takes it.
      if (this.taken) continue;
      this.taken = true;
      return result.answer;
    }
  }

  /** An answer taken for a browser that turned out to be gone: first in line for the next poll. */
  giveBack(answer: unknown): void {
    if (!isKeepalive(answer) && this.kept.length < MAX_KEPT) this.kept.unshift(answer);
  }

  private start(maxev: number): Promise<unknown> {
    this.taken = false;
    const upstream = this.poll(maxev);
    this.upstream = upstream;
    upstream.then(
      (answer) => {
        // After the waiting browsers' continuations: nobody took it, so keep it for the next poll.
        setImmediate(() => {
          if (!this.taken && !isKeepalive(answer) && this.kept.length < MAX_KEPT) this.kept.push(answer);
        });
        this.upstream = null;
      },
      () => {
        this.upstream = null;
      },
    );
    return upstream;
  }
}
