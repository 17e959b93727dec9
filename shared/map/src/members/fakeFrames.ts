import type { FrameScheduler } from './frames';

/** A requestAnimationFrame stand-in for tests: frames run only when `step()` is called. */
export function fakeFrames(): FrameScheduler & { step(time?: number): number; readonly waiting: number } {
  let next = 1;
  const callbacks = new Map<number, (time: number) => void>();
  let clock = 0;
  return {
    request(cb) {
      const id = next++;
      callbacks.set(id, cb);
      return id;
    },
    cancel(id) {
      callbacks.delete(id);
    },
    /** Runs the callbacks waiting for this frame; returns how many ran. */
    step(time = (clock += 16)) {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const cb of due) cb(time);
      return due.length;
    },
    get waiting() {
      return callbacks.size;
    },
  };
}
