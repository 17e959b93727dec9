/**
 * Calls `fn` at most once per `intervalMs`: the first call at once, calls during the interval as
 * one more at its end (so the last change is never lost). `cancel` drops a pending call.
 */
export function throttle(fn: () => void, intervalMs: number, now: () => number = () => Date.now()) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = now();
    fn();
  };
  const call = () => {
    if (timer) return;
    const wait = last + intervalMs - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return { call, cancel };
}
