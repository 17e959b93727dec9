import { useEffect, useMemo, useState } from 'react';
import type { UserStatus } from '@ptt/contracts';
import { useRefetchOnReconnect } from '@ptt/ui';
import { useManagementPresenceQuery } from './api';
import { useManagement } from './context';

/**
 * Who is online and how: GET /api/presence, then OnLine and Logout frames on top. Presence frames
 * do not refetch the lists (ADR 016: a refetch per frame at shift change would be a storm), so the
 * pages read this map instead. The list is asked again on mount (another page may have cached it
 * long ago) and whenever the socket opens again (frames missed while it was closed are gone).
 * Users not in the map are offline.
 */
export function usePresence(): ReadonlyMap<number, UserStatus> {
  const { bus } = useManagement();
  const { data, fulfilledTimeStamp, refetch } = useManagementPresenceQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changes, setChanges] = useState<ReadonlyMap<number, UserStatus>>(new Map());

  // A fresh answer already holds every change before it (by its time: an unchanged list keeps
  // its object, and the frames laid over the old one are then out of date).
  useEffect(() => setChanges(new Map()), [fulfilledTimeStamp]);

  useEffect(() => {
    const frames = bus.on('ws/ent').subscribe((event) => {
      if (event.kind !== 'OnLine' && event.kind !== 'Logout') return;
      const { uid, status } = event.data;
      setChanges((prev) => new Map(prev).set(uid, status));
    });
    return () => frames.unsubscribe();
  }, [bus]);
  useRefetchOnReconnect(bus, refetch);

  return useMemo(() => {
    const map = new Map<number, UserStatus>((data ?? []).map((p) => [p.uid, p.status]));
    for (const [uid, status] of changes) map.set(uid, status);
    return map;
  }, [data, changes]);
}
