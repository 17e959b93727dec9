import { FrameBatcher, RebuildPacer } from './frames';
import { fakeFrames } from './fakeFrames';

describe('FrameBatcher', () => {
  it('hands a storm of items over once per frame, in arrival order', () => {
    const frames = fakeFrames();
    const flushes: number[][] = [];
    const batcher = new FrameBatcher<number>((items) => flushes.push(items), frames);
    for (let i = 0; i < 2000; i++) batcher.push([i]);
    expect(flushes).toHaveLength(0);
    expect(frames.waiting).toBe(1);
    expect(batcher.pending).toBe(2000);
    frames.step();
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toHaveLength(2000);
    expect(flushes[0]!.slice(0, 3)).toEqual([0, 1, 2]);
    expect(frames.step()).toBe(0);

    batcher.push([1, 2]);
    batcher.push([3]);
    frames.step();
    expect(flushes[1]).toEqual([1, 2, 3]);
  });

  it('keeps one item per key when coalescing: the preferred one', () => {
    const frames = fakeFrames();
    const flushes: { id: number; time: number }[][] = [];
    const batcher = new FrameBatcher<{ id: number; time: number }>((items) => flushes.push(items), frames, {
      keyOf: (p) => p.id,
      prefer: (queued, next) => (next.time >= queued.time ? next : queued),
    });
    for (let i = 0; i < 10_000; i++) batcher.push([{ id: i % 10, time: i }]);
    batcher.push([{ id: 3, time: 5 }]); // late and old: the newer one stays
    expect(batcher.pending).toBe(10);
    frames.step();
    expect(flushes[0]).toHaveLength(10);
    expect(flushes[0]!.find((p) => p.id === 3)).toEqual({ id: 3, time: 9993 });
  });

  it('can ask for an empty frame, and cancel drops what is queued', () => {
    const frames = fakeFrames();
    const flush = jest.fn();
    const batcher = new FrameBatcher<number>(flush, frames);
    batcher.schedule();
    batcher.schedule();
    frames.step(100);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([], 100);
    batcher.push([1]);
    batcher.cancel();
    expect(frames.step()).toBe(0);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

describe('RebuildPacer', () => {
  it('waits the minimum gap, or three times as long as the last rebuild took, unless reset', () => {
    const pacer = new RebuildPacer(50, 3);
    expect(pacer.canRebuild(0)).toBe(true);
    pacer.record(100, 110); // 10 ms: the 50 ms gap rules
    expect(pacer.canRebuild(159)).toBe(false);
    expect(pacer.canRebuild(160)).toBe(true);
    pacer.record(200, 240); // 40 ms: three times that
    expect(pacer.canRebuild(359)).toBe(false);
    expect(pacer.canRebuild(360)).toBe(true);
    pacer.record(400, 440);
    pacer.reset();
    expect(pacer.canRebuild(441)).toBe(true);
  });
});
