import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNow, type TableQuery } from '@ptt/ui';
import { startOfDay } from './timeRange';
import { parseView, tableQuery, viewParams, type RecordFilters, type RecordView, type ViewSpec } from './view';

/** Presets are read again this often, so a page left open moves to the new day after midnight. */
const DAY_CHECK_MS = 60_000;

/**
 * A record table's view, held in the URL: the view read from the query string, the list request
 * it makes, and changes written back as new history entries (the browser's back undoes a filter).
 */
export function useRecordView(spec: ViewSpec) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params, spec), [params, spec]);
  // The request only changes when the day does, so the list is not refetched every minute.
  const day = startOfDay(new Date(useNow(DAY_CHECK_MS))).getTime();
  const query = useMemo(() => tableQuery(view, new Date(day)), [view, day]);

  /** A filter changed: back to the first page, which a new filter's rows start on. */
  const change = useCallback((patch: Partial<RecordView>) => setParams(viewParams({ ...view, page: 1, ...patch }, spec)), [setParams, spec, view]);

  /** The table asked for another page, size or sort. */
  const onQueryChange = useCallback(
    (next: TableQuery<RecordFilters>) =>
      setParams(viewParams({ ...view, page: next.page, size: next.size, sort: next.sort ?? view.sort, order: next.order ?? view.order }, spec)),
    [setParams, spec, view],
  );

  return { view, query, change, onQueryChange };
}
