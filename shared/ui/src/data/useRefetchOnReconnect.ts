import { useEffect } from 'react';
import type { EventBus } from '@ptt/event-bus';

/**
 * Reads a live list again each time /ws2 opens after not being open: the frames sent while it was
 * closed (or not yet open when the list was first read) are gone, so only a fresh read can hold
 * what happened meanwhile. Not while it stays open.
 */
export function useRefetchOnReconnect(bus: EventBus, refetch: () => unknown): void {
  useEffect(() => {
    let previous = bus.current('socket/status')?.state;
    const sub = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && previous !== undefined && previous !== 'open') void refetch();
      previous = state;
    });
    return () => sub.unsubscribe();
  }, [bus, refetch]);
}
