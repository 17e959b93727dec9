import { useEffect, useRef } from 'react';
import { useDataBus } from '@ptt/ui';
import { throttle } from './throttle';

/** The dashboard refetches at most this often while patrol frames keep coming. */
export const DASHBOARD_REFETCH_MS = 1_000;

/**
 * Refetches on every run, check-in, task change and missed-checkpoint alert on `ws/patrol`, but at
 * most once per DASHBOARD_REFETCH_MS. The shared bus invalidation gathers frames over 300 ms, which
 * suits a list but would recount a month of runs three times a second while a shift of guards
 * checks in; a node change does not move any figure.
 */
export function useLiveRefetch(refetch: () => unknown, enabled: boolean): void {
  const bus = useDataBus();
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled) return undefined;
    const throttled = throttle(() => void latest.current(), DASHBOARD_REFETCH_MS);
    const sub = bus.on('ws/patrol').subscribe((event) => {
      if (event.kind === 'PatrolChange' && event.data.what === 'node') return;
      throttled.call();
    });
    return () => {
      sub.unsubscribe();
      throttled.cancel();
    };
  }, [bus, enabled]);
}
