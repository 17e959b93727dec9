import { useEffect, useMemo, useState } from 'react';
import type { UserStatus } from '@ptt/contracts';
import { useManagement } from '../core';
import { useUserPresenceQuery } from './api';

/**
 * Who is online and how: GET /api/presence, then OnLine and Logout frames on top. Presence frames
 * do not refetch the user list (a refetch storm at shift change), so the status column reads this
 * map instead; the full list is asked again whenever the socket opens again (frames missed while it
 * was closed are gone).
 */
export function usePresence(): ReadonlyMap<number, UserStatus> {
  const { bus } = useManagement();
  const { data, refetch } = useUserPresenceQuery();
  const [changes, setChanges] = useState<ReadonlyMap<number, UserStatus>>(new Map());

  // A fresh list already holds every change before it.
  useEffect(() => setChanges(new Map()), [data]);

  useEffect(() => {
    const frames = bus.on('ws/ent').subscribe((event) => {
      if (event.kind !== 'OnLine' && event.kind !== 'Logout') return;
      const { uid, status } = event.data;
      setChanges((prev) => new Map(prev).set(uid, status));
    });
    let previous = bus.current('socket/status')?.state;
    const socket = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && previous !== undefined && previous !== 'open') void refetch();
      previous = state;
    });
    return () => {
      frames.unsubscribe();
      socket.unsubscribe();
    };
  }, [bus, refetch]);

  return useMemo(() => {
    const map = new Map<number, UserStatus>((data ?? []).map((p) => [p.uid, p.status]));
    for (const [uid, status] of changes) map.set(uid, status);
    return map;
  }, [data, changes]);
}
