import { useCallback, useEffect, useMemo, useState } from 'react';
import { SOS_MSG_KIND } from '@ptt/contracts';
import type { SosRecord } from '@ptt/contracts';
import { useRefetchOnReconnect } from '@ptt/ui';
import { useOpenSosQuery, useSos } from '../core';
import { applyChanges, changeFromMsg, entryFromRecord, changeFromRecord, pruneChanges, recordChange, type QueueChanges, type QueueEntry } from './queue';

export interface OpenQueue {
  /** Oldest first. */
  entries: QueueEntry[];
  /** The first read has landed (before it, the count is not known yet). */
  loaded: boolean;
  /** The first read is on its way. */
  loading: boolean;
  /** The read failed (RTK Query's failure); the page offers a retry. */
  error: unknown;
  retry: () => void;
  /** Our own acknowledge or close answered: show it at once, before the frame comes. */
  apply: (record: SosRecord) => void;
}

/**
 * The open SOS: read once (RTK Query), then kept live from `ws/ent` SosMsg frames (open and moved
 * upsert, closed removes, acknowledgement and escalation update the row). Frames missed while the
 * socket was down are gone, so the list is read again each time it opens again.
 */
export function useOpenQueue(): OpenQueue {
  const { bus } = useSos();
  const { data, error, isLoading, refetch, startedTimeStamp, fulfilledTimeStamp } = useOpenSosQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changes, setChanges] = useState<QueueChanges>(new Map());

  // A fresh read holds what was heard before it started; what came during it is kept on top.
  useEffect(() => {
    if (fulfilledTimeStamp !== undefined && startedTimeStamp !== undefined) setChanges((prev) => pruneChanges(prev, startedTimeStamp));
    // Only when a read lands: startedTimeStamp moves on as soon as the next one starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fulfilledTimeStamp]);

  useEffect(() => {
    const frames = bus.on('ws/ent').subscribe((event) => {
      if (event.kind !== SOS_MSG_KIND) return;
      const change = changeFromMsg(event.data, Date.now());
      setChanges((prev) => recordChange(prev, change));
    });
    return () => frames.unsubscribe();
  }, [bus]);
  useRefetchOnReconnect(bus, refetch);

  const apply = useCallback((record: SosRecord) => setChanges((prev) => recordChange(prev, changeFromRecord(record, Date.now()))), []);
  const retry = useCallback(() => void refetch(), [refetch]);
  const base = useMemo(() => (data ?? []).map(entryFromRecord), [data]);
  const entries = useMemo(() => applyChanges(base, changes.values()), [base, changes]);
  return { entries, loaded: data !== undefined, loading: isLoading, error, retry, apply };
}
