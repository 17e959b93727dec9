import { patrolDashboardSchema, type PatrolDashboard } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

export interface DashboardRequest {
  /** Organisation days 'YYYY-MM-DD', both included (at most 31). */
  from: string;
  to: string;
}

// No tag: the dashboard follows ws/patrol itself, at most once a second (useLiveRefetch), since
// the bus's 300 ms window would refetch a month of counts three times a second through a burst
// of check-ins. Asked again whenever it is shown (a deletion in the records meanwhile).
export const dashboardApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolDashboard: build.query<PatrolDashboard, DashboardRequest>({
      query: ({ from, to }) => ({ path: '/api/patrol/dashboard', query: { from, to }, schema: patrolDashboardSchema }),
    }),
  }),
});

export const { usePatrolDashboardQuery } = dashboardApi;
