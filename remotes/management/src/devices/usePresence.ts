import { useEffect, useMemo, useState } from 'react';
import { UserStatus } from '@ptt/contracts';
import { useManagement } from '../core';
import { useDevicePresenceQuery } from './api';

/**
 * Whether a device's account is online: GET /api/presence once, then OnLine and Logout frames
 * from the bus patch it. Presence is not a list invalidation (ADR 016: a refetch per frame at
 * shift change would be a storm), so the changes are kept here and laid over the loaded list.
 */
export function usePresence(): (uid: number) => boolean {
  const { bus } = useManagement();
  const { data } = useDevicePresenceQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changes, setChanges] = useState<ReadonlyMap<number, boolean>>(new Map());

  // A fresh list replaces what the frames said before it.
  useEffect(() => setChanges(new Map()), [data]);

  useEffect(() => {
    const sub = bus.on('ws/ent').subscribe((event) => {
      if (event.kind !== 'OnLine' && event.kind !== 'Logout') return;
      const { uid, status } = event.data;
      setChanges((prev) => new Map(prev).set(uid, status !== UserStatus.Offline));
    });
    return () => sub.unsubscribe();
  }, [bus]);

  return useMemo(() => {
    const loaded = new Set((data ?? []).filter((p) => p.status !== UserStatus.Offline).map((p) => p.uid));
    return (uid: number) => changes.get(uid) ?? loaded.has(uid);
  }, [data, changes]);
}
