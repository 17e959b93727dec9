import {
  PAGE_SIZE_MAX,
  deletedPatrolRecordsSchema,
  pageSchema,
  patrolCheckinSchema,
  patrolNodeSchema,
  patrolRunDetailSchema,
  patrolRunSchema,
  patrolTaskSchema,
  userSummarySchema,
  type DeletePatrolRecordsRequest,
  type DeletedPatrolRecords,
  type Page,
  type PatrolCheckin,
  type PatrolNode,
  type PatrolRun,
  type PatrolRunDetail,
  type PatrolTask,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type DataTag, type TableQuery } from '@ptt/ui';
import type { CheckinFilters, RunFilters } from './view';

export const RUNS_EXPORT_PATH = '/api/patrol/runs/export';
export const CHECKINS_EXPORT_PATH = '/api/patrol/checkins/export';

/** Matches per search in the member filter. */
export const MEMBER_OPTIONS = 20;

const runPage = pageSchema(patrolRunSchema);
const checkinPage = pageSchema(patrolCheckinSchema);
const taskPage = pageSchema(patrolTaskSchema);
const nodePage = pageSchema(patrolNodeSchema);
const userPage = pageSchema(userSummarySchema);

/**
 * Only a first page provides its tag: a check-in on the bus refetches it so a new run shows at
 * the top; a later page is not moved under the reader's eyes (ADR 028).
 */
const firstPage = (q: TableQuery): DataTag[] => (q.page === 1 ? ['PatrolRun'] : []);

/** Browsing members is by nickname; a search is by id, as in the records remote (ADR 019). */
const memberSearch = (q: string) => (q.trim() === '' ? { size: MEMBER_OPTIONS, sort: 'nickname' } : { size: MEMBER_OPTIONS, sort: 'id', q: q.trim() });

export const recordApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolRuns: build.query<Page<PatrolRun>, TableQuery<RunFilters>>({
      query: (table) => ({ path: '/api/patrol/runs', query: queryParams(table), schema: runPage }),
      providesTags: (_r, _e, table) => firstPage(table),
    }),
    patrolCheckins: build.query<Page<PatrolCheckin>, TableQuery<CheckinFilters>>({
      query: (table) => ({ path: '/api/patrol/checkins', query: queryParams(table), schema: checkinPage }),
      providesTags: (_r, _e, table) => firstPage(table),
    }),
    /** A run with its stops and its members' tracks; a live run moves with its check-ins. */
    patrolRunReplay: build.query<PatrolRunDetail, number>({
      query: (id) => ({ path: `/api/patrol/runs/${id}`, schema: patrolRunDetailSchema }),
      providesTags: ['PatrolRun'],
    }),
    patrolRecordsDelete: build.mutation<DeletedPatrolRecords, DeletePatrolRecordsRequest>({
      query: (body) => ({ path: '/api/patrol/records/delete', method: 'POST', body, schema: deletedPatrolRecordsSchema }),
      invalidatesTags: ['PatrolRun'],
    }),
    /** The task filter's choices: every task by name (a deleted task's runs keep their name). */
    patrolRecordTaskOptions: build.query<Page<PatrolTask>, void>({
      query: () => ({ path: '/api/patrol/tasks', query: { size: PAGE_SIZE_MAX, sort: 'name', order: 'asc' }, schema: taskPage }),
      providesTags: ['PatrolTask'],
    }),
    patrolRecordNodeOptions: build.query<Page<PatrolNode>, void>({
      query: () => ({ path: '/api/patrol/nodes', query: { size: PAGE_SIZE_MAX, sort: 'name', order: 'asc' }, schema: nodePage }),
      providesTags: ['PatrolNode'],
    }),
    patrolRecordMemberOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: memberSearch(q), schema: userPage }),
      providesTags: ['User'],
    }),
    /** The filtered member's name, for a view opened from a link. */
    patrolRecordMember: build.query<UserSummary, number>({
      query: (id) => ({ path: `/api/users/${id}`, schema: userSummarySchema }),
      providesTags: ['User'],
    }),
  }),
});

export const {
  usePatrolRunsQuery,
  usePatrolCheckinsQuery,
  usePatrolRunReplayQuery,
  usePatrolRecordsDeleteMutation,
  usePatrolRecordTaskOptionsQuery,
  usePatrolRecordNodeOptionsQuery,
  useLazyPatrolRecordMemberOptionsQuery,
  usePatrolRecordMemberQuery,
} = recordApi;
