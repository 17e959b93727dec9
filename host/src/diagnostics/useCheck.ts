import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckResult } from './checks';

/**
 * Runs one check on demand: 'running' while it works, then its result. A run started while one
 * is still going is ignored, and a result arriving after the page is gone is dropped.
 */
export function useCheck(check: () => Promise<CheckResult>): { result: CheckResult; run: () => void } {
  const [result, setResult] = useState<CheckResult>({ state: 'idle' });
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(check);
  latest.current = check;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setResult({ state: 'running' });
    void latest
      .current()
      .catch((): CheckResult => ({ state: 'failed' }))
      .then((r) => {
        running.current = false;
        if (mounted.current) setResult(r);
      });
  }, []);

  return { result, run };
}
