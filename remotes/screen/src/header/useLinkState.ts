import { useEffect, useRef, useState } from 'react';
import type { EventBus } from '@ptt/event-bus';

/** Lost for this long, the banner turns from yellow to red: someone should look at the wall. */
export const LONG_LOSS_MS = 5 * 60_000;

/**
 * Since when /ws2 is lost (closed after having been open, or after failed attempts), or null
 * while it is open or has not failed yet. It stays lost while the bridge tries again.
 */
export function useLostSince(bus: EventBus): number | null {
  const wasOpen = useRef(false);
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    const sub = bus.on('socket/status').subscribe(({ state, failures }) => {
      if (state === 'open') {
        wasOpen.current = true;
        setSince(null);
      } else if (state === 'closed' && (wasOpen.current || failures > 0)) {
        setSince((prev) => prev ?? Date.now());
      } else if (state === 'idle') {
        setSince(null);
      }
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return since;
}
