import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNow, type TableQuery } from '@ptt/ui';
import { startOfDay } from './timeRange';
import { checkinQuery, defaultView, parseView, runQuery, viewParams, type RecordList, type RecordView } from './view';

/** Presets are read again this often, so a page left open moves to the new day after midnight. */
const DAY_CHECK_MS = 60_000;

/** The records view held in the URL: the view, both lists' requests, and changes as new history entries. */
export function useRecordView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  // The request only changes when the day does, so a list is not refetched every minute.
  const day = startOfDay(new Date(useNow(DAY_CHECK_MS))).getTime();
  const runs = useMemo(() => runQuery(view, new Date(day)), [view, day]);
  const checkins = useMemo(() => checkinQuery(view, new Date(day)), [view, day]);

  /** A filter changed: back to the first page. */
  const change = useCallback((patch: Partial<RecordView>) => setParams(viewParams({ ...view, page: 1, ...patch })), [setParams, view]);
  /** The other list, with no filters. */
  const show = useCallback((list: RecordList) => setParams(viewParams(defaultView(list))), [setParams]);
  /** The table asked for another page, size or sort. */
  const onQueryChange = useCallback(
    (next: TableQuery<Record<string, string>>) => setParams(viewParams({ ...view, page: next.page, size: next.size, sort: next.sort ?? view.sort, order: next.order ?? view.order })),
    [setParams, view],
  );
  return { view, runs, checkins, change, show, onQueryChange };
}
