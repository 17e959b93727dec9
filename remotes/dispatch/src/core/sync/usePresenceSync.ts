import { useEffect } from 'react';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useAppDispatch } from '../store';
import { loadPresence } from '../api';
import { presenceChanged, presenceLoaded } from '../state/presence';
import type { PresenceEntry } from '../state/presence';
import { frameBatch } from './frameBatch';

/**
 * Presence: the full list when the socket opens (again), since frames missed while it was closed
 * are gone; OnLine and Logout frames in between, batched per animation frame.
 */
export function usePresenceSync(api: ApiClient, bus: EventBus, enabled: boolean): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled) return;
    let abort: AbortController | null = null;
    const load = () => {
      abort?.abort();
      const mine = new AbortController();
      abort = mine;
      loadPresence(api, mine.signal)
        .then((list) => dispatch(presenceLoaded(list)))
        .catch(() => undefined);
    };
    let previous: string | undefined;
    const sub = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && previous !== 'open') load();
      previous = state;
    });
    // Without a socket status yet (a standalone page still connecting) load once anyway.
    if (bus.current('socket/status') === undefined) load();
    return () => {
      sub.unsubscribe();
      abort?.abort();
    };
  }, [api, bus, dispatch, enabled]);

  useEffect(() => {
    const batch = frameBatch<PresenceEntry>((items) => dispatch(presenceChanged(items)));
    const sub = bus.on('ws/ent').subscribe((event) => {
      if (event.kind === 'OnLine' || event.kind === 'Logout') batch.push({ uid: event.data.uid, status: event.data.status });
    });
    return () => {
      sub.unsubscribe();
      batch.cancel();
    };
  }, [bus, dispatch]);
}
