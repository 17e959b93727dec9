/** requestAnimationFrame behind an interface, so tests can step frames by hand. */
export interface FrameScheduler {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

export const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** Keeps one queued item per key: the one `prefer` picks. */
export interface Coalesce<T> {
  keyOf(item: T): unknown;
  prefer(queued: T, next: T): T;
}

/**
 * Collects items between frames and hands them over once per animation frame: a storm of
 * position messages costs one update per frame, however many arrive. With `coalesce`, only one
 * item per key waits, so a hidden tab (no frames at all) holds one position per member, not
 * every position since it was hidden.
 */
export class FrameBatcher<T> {
  private queue = new Map<unknown, T>();
  private seq = 0;
  private handle: number | null = null;

  constructor(
    private readonly flush: (items: T[], time: number) => void,
    private readonly frames: FrameScheduler = browserFrames,
    private readonly coalesce?: Coalesce<T>,
  ) {}

  push(items: readonly T[]): void {
    for (const item of items) {
      if (!this.coalesce) {
        this.queue.set(this.seq++, item);
        continue;
      }
      const key = this.coalesce.keyOf(item);
      const queued = this.queue.get(key);
      this.queue.set(key, queued === undefined ? item : this.coalesce.prefer(queued, item));
    }
    this.schedule();
  }

  /** Asks for a frame even with nothing queued (the flush then gets an empty list). */
  schedule(): void {
    if (this.handle !== null) return;
    this.handle = this.frames.request((time) => {
      this.handle = null;
      const items = [...this.queue.values()];
      this.queue.clear();
      this.flush(items, time);
    });
  }

  cancel(): void {
    if (this.handle !== null) this.frames.cancel(this.handle);
    this.handle = null;
    this.queue.clear();
  }

  get pending(): number {
    return this.queue.size;
  }
}

/**
 * Spaces out the clustering rebuilds that only positions ask for: the next may start `minGapMs`
 * after the last one ended, or `factor` x its cost if that is longer, so rebuilding never takes
 * more than about 1/(factor+1) of the time however many positions stream in. Clusters then
 * follow their members a few times a second; single members still move every frame.
 */
export class RebuildPacer {
  private readyAt = -Infinity;

  constructor(
    private readonly minGapMs = 200,
    private readonly factor = 3,
  ) {}

  canRebuild(now: number): boolean {
    return now >= this.readyAt;
  }

  record(start: number, end: number): void {
    this.readyAt = end + Math.max(this.minGapMs, (end - start) * this.factor);
  }

  /** A rebuild the user is waiting for (zoom, selection) goes ahead whatever the pace. */
  reset(): void {
    this.readyAt = -Infinity;
  }
}
