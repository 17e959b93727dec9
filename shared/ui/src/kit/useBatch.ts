import { useCallback, useRef, useState } from 'react';
import { errorKey } from './errors';
import type { Progress, ProgressState } from './ProgressDialog';

export interface BatchRun {
  progress: Progress;
  state: ProgressState | 'idle';
  start: <T>(items: readonly T[], each: (item: T, signal: AbortSignal) => Promise<unknown>, describe: (item: T, key: string) => string) => Promise<void>;
  stop: () => void;
}

/**
 * Runs one request per item (activating devices, removing members) in order, counting what
 * succeeded and what was refused, so a ProgressDialog can show it; stop ends it after the
 * request in flight. One at a time on purpose: the server's own rate rules stay simple.
 */
export function useBatch(): BatchRun {
  const [progress, setProgress] = useState<Progress>({ done: 0, total: 0 });
  const [state, setState] = useState<ProgressState | 'idle'>('idle');
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(async <T,>(items: readonly T[], each: (item: T, signal: AbortSignal) => Promise<unknown>, describe: (item: T, key: string) => string) => {
    const controller = new AbortController();
    abort.current = controller;
    let done = 0;
    let failed = 0;
    const problems: string[] = [];
    setState('running');
    setProgress({ done, total: items.length });
    for (const item of items) {
      if (controller.signal.aborted) break;
      try {
        await each(item, controller.signal);
      } catch (e) {
        failed += 1;
        problems.push(describe(item, errorKey(e)));
      }
      done += 1;
      setProgress({ done, total: items.length, failed, problems: [...problems] });
    }
    setState(controller.signal.aborted ? 'stopped' : 'done');
  }, []);

  const stop = useCallback(() => abort.current?.abort(), []);
  return { progress, state, start, stop };
}
