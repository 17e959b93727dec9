import { pageSchema, patrolMemberSchema, patrolRunDetailSchema, type Page, type PatrolMember, type PatrolRunDetail } from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The member section's server data. Members carry their current run's progress: they refetch on
// every ws/patrol run or check-in change (tag PatrolRun), and now and then for positions.

export const MEMBER_PAGE_SIZE = 20;
/** No position hook exists in @ptt/map or @ptt/ui for this list: positions come with a refetch. */
export const MEMBER_REFRESH_MS = 15_000;

export type MemberFilters = { q: string; taskId: string; active: '' | 'true' };

const memberPage = pageSchema(patrolMemberSchema);

export const memberApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolMembers: build.query<Page<PatrolMember>, TableQuery<MemberFilters>>({
      query: (q) => ({ path: '/api/patrol/members', query: queryParams(q), schema: memberPage }),
      providesTags: ['PatrolRun', 'PatrolTask'],
    }),
    /** A member's current run with its stops (the pending ones go on the map). */
    patrolMemberRun: build.query<PatrolRunDetail, number>({
      query: (id) => ({ path: `/api/patrol/runs/${id}`, schema: patrolRunDetailSchema }),
      providesTags: ['PatrolRun'],
    }),
  }),
});

export const { usePatrolMembersQuery, usePatrolMemberRunQuery } = memberApi;
