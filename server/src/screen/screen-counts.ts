import { SCREEN_COUNTS_KIND, topics, type ScreenCounts, type Ws2Frame } from '@ptt/contracts';
import type { Logger } from '../logger';

type Send = (text: string) => void;

/** How the ticker reads an organisation's counts (ScreenService.counts). */
export type CountsSource = (entId: number) => Promise<ScreenCounts>;

/**
 * The counts of ADR 026, per node: every `intervalMs` the counts of each organisation with a
 * screen socket on this node are read from the shared stores and sent straight to those sockets
 * when they changed; a new socket gets them once at once. Nothing goes through the hub, so no
 * node owns an organisation's counts and a dead node takes nothing with it.
 */
export class ScreenCountsTicker {
  private readonly sockets = new Map<number, Set<Send>>();
  /** The frame each organisation's sockets last got. */
  private readonly last = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Logged once per outage, not every tick. */
  private failing = false;

  constructor(
    private readonly source: CountsSource,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  /** A screen socket opened on this node; returns the function that forgets it. */
  add(entId: number, send: Send): () => void {
    const set = this.sockets.get(entId) ?? new Set<Send>();
    set.add(send);
    this.sockets.set(entId, set);
    this.source(entId)
      .then((counts) => {
        if (!set.has(send)) return;
        const text = frameText(entId, counts);
        send(text);
        // The organisation's only socket: the next round sends nothing unless the counts changed.
        if (set.size === 1 && !this.last.has(entId)) this.last.set(entId, text);
      })
      .catch((err: unknown) => this.log.error({ err, entId }, 'screen counts could not be read'));
    return () => {
      set.delete(send);
      if (set.size > 0 || this.sockets.get(entId) !== set) return;
      this.sockets.delete(entId);
      this.last.delete(entId);
    };
  }

  /** Organisations with a screen socket here (tests). */
  organisations(): number[] {
    return [...this.sockets.keys()];
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick under way (the database closes after the app). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A round unless one is still running (a slow database must not pile them up). */
  private tick(): void {
    if (this.running) return;
    this.running = this.round()
      .then(() => {
        this.failing = false;
      })
      .catch((err: unknown) => {
        if (!this.failing) this.log.error({ err }, 'screen counts tick failed');
        this.failing = true;
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** One round: reads each organisation's counts and sends those that changed. */
  async round(): Promise<void> {
    let failure: Error | null = null;
    for (const entId of [...this.sockets.keys()]) {
      try {
        const text = frameText(entId, await this.source(entId));
        const set = this.sockets.get(entId);
        if (!set || this.last.get(entId) === text) continue;
        this.last.set(entId, text);
        for (const send of [...set]) send(text);
      } catch (err) {
        // The other organisations still get theirs.
        failure ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    if (failure) throw failure;
  }
}

function frameText(entId: number, counts: ScreenCounts): string {
  const frame: Ws2Frame = { code: 0, topic: topics.screen(entId), data: counts, t: SCREEN_COUNTS_KIND };
  return JSON.stringify(frame);
}
