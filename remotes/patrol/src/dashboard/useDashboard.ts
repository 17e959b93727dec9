import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNow } from '@ptt/ui';
import { usePatrolDashboardQuery } from './api';
import { dashboardParams, daysOf, parseDashboardView, todayIn, type DashboardView } from './range';
import { useLiveRefetch } from './useLiveRefetch';

/** "Today" is read again this often, so a dashboard left open moves to the new day after midnight. */
const DAY_CHECK_MS = 60_000;

/**
 * The dashboard's days from the URL, its request (organisation days: the zone comes with the first
 * answer, the browser's until then) and the answer, kept live from ws/patrol.
 */
export function useDashboard() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseDashboardView(params), [params]);
  const change = useCallback((next: DashboardView) => setParams(dashboardParams(next)), [setParams]);
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const today = todayIn(timeZone, new Date(useNow(DAY_CHECK_MS)));
  const days = useMemo(() => daysOf(view, today), [view, today]);
  const result = usePatrolDashboardQuery(days.ok ? { from: days.from, to: days.to } : skipToken, { refetchOnMountOrArgChange: true });
  const zone = result.data?.timeZone;
  useEffect(() => {
    if (zone) setTimeZone(zone);
  }, [zone]);
  useLiveRefetch(result.refetch, days.ok && result.data !== undefined);
  return { view, change, days, result };
}
