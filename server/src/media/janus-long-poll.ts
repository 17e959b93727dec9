// One Janus session's long poll, shared by the browser's successive polls. Janus 1.1.2's HTTP
// transport keeps a long poll registered after its client went away and writes the next events
// into that dead request, losing them (tried: a poll aborted, then a join, then a new poll got
// nothing for 30 s). So the proxy never aborts the poll it sent to Janus: when the browser gives up
// waiting, what Janus answers later is kept for the browser's next poll.

const isKeepalive = (answer: unknown): boolean => (answer as { janus?: unknown } | null)?.janus === 'keepalive';

/** Kept answers per session; a browser that never polls again loses its session to Janus anyway. */
const MAX_KEPT = 50;

/** One poll sent to Janus, and whether a browser's poll has taken its answer. */
interface Round {
  answer: Promise<unknown>;
  taken: boolean;
}

export class SharedLongPoll {
  private round: Round | null = null;
  private readonly kept: unknown[] = [];
  /** Browser polls waiting on a round, woken when an answer is kept meanwhile. */
  private readonly waiters = new Set<() => void>();

  constructor(private readonly poll: (maxev: number) => Promise<unknown>) {}

  /** The next answer for the browser, or undefined when it went away first (`signal`). */
  async next(maxev: number, signal: AbortSignal): Promise<unknown> {
    for (;;) {
      if (this.kept.length > 0) return this.kept.shift();
      const round = this.round ?? this.start(maxev);
      let wake: () => void = () => undefined;
      const woken = new Promise<'kept'>((resolve) => {
        wake = () => resolve('kept');
        this.waiters.add(wake);
      });
      const gone = new Promise<'gone'>((resolve) => {
        if (signal.aborted) resolve('gone');
        signal.addEventListener('abort', () => resolve('gone'), { once: true });
      });
      const result = await Promise.race([round.answer.then((answer) => ({ answer })), gone, woken]).finally(() => this.waiters.delete(wake));
      if (result === 'gone') return undefined;
      // An answer was kept while this poll waited on a newer round (one handed back by a browser
      // that turned out to be gone): it comes first.
      if (result === 'kept') continue;
      // Two polls of one session at once (a poll whose browser left is not noticed yet): the first takes it.
      if (round.taken) continue;
      round.taken = true;
      return result.answer;
    }
  }

  /** An answer taken for a browser that turned out to be gone: first in line for the next poll. */
  giveBack(answer: unknown): void {
    if (isKeepalive(answer) || this.kept.length >= MAX_KEPT) return;
    this.kept.unshift(answer);
    this.wake();
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }

  private start(maxev: number): Round {
    const round: Round = { answer: this.poll(maxev), taken: false };
    this.round = round;
    round.answer.then(
      (answer) => {
        if (this.round === round) this.round = null;
        // After the waiting browsers' continuations: nobody took it, so keep it for the next poll.
        setImmediate(() => {
          if (round.taken || isKeepalive(answer) || this.kept.length >= MAX_KEPT) return;
          this.kept.push(answer);
          this.wake();
        });
      },
      () => {
        if (this.round === round) this.round = null;
      },
    );
    return round;
  }
}
