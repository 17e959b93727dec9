import {
  channelSchema,
  pageSchema,
  patrolRunSchema,
  patrolTaskDetailSchema,
  patrolTaskSchema,
  userSummarySchema,
  type AssignPatrolMembersRequest,
  type Channel,
  type CreatePatrolTaskRequest,
  type Page,
  type PatrolRun,
  type PatrolTask,
  type PatrolTaskDetail,
  type UpdatePatrolTaskRequest,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The task section's server data, checked with the contracts schemas. "Start now" makes a run:
// it invalidates the runs too (dashboard, members, records follow).

export const TASK_PAGE_SIZE = 20;
/** People or channels offered per search in the pickers. */
export const PICKER_SIZE = 20;

export type TaskFilters = { q: string; enabled: '' | 'true' | 'false' };

const taskPage = pageSchema(patrolTaskSchema);
const userPage = pageSchema(userSummarySchema);
const channelPage = pageSchema(channelSchema);

/** Browsing lists by name; a search asks by id order (sorting many matches by name is costly, ADR 019). */
function pickerQuery(q: string, byName: 'nickname' | 'name'): { size: number; sort: string; q?: string } {
  const term = q.trim();
  return term === '' ? { size: PICKER_SIZE, sort: byName } : { size: PICKER_SIZE, sort: 'id', q: term };
}

export const taskApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolTasks: build.query<Page<PatrolTask>, TableQuery<TaskFilters>>({
      query: (q) => ({ path: '/api/patrol/tasks', query: queryParams(q), schema: taskPage }),
      providesTags: ['PatrolTask'],
    }),
    patrolTask: build.query<PatrolTaskDetail, number>({
      query: (id) => ({ path: `/api/patrol/tasks/${id}`, schema: patrolTaskDetailSchema }),
      providesTags: ['PatrolTask'],
    }),
    patrolTaskCreate: build.mutation<PatrolTaskDetail, CreatePatrolTaskRequest>({
      query: (body) => ({ path: '/api/patrol/tasks', method: 'POST', body, schema: patrolTaskDetailSchema }),
      invalidatesTags: ['PatrolTask', 'PatrolNode'],
    }),
    patrolTaskUpdate: build.mutation<PatrolTaskDetail, { id: number; body: UpdatePatrolTaskRequest }>({
      query: ({ id, body }) => ({ path: `/api/patrol/tasks/${id}`, method: 'PATCH', body, schema: patrolTaskDetailSchema }),
      invalidatesTags: ['PatrolTask', 'PatrolNode'],
    }),
    /** Who patrols the task (operation PatrolMemberAssign). */
    patrolTaskAssign: build.mutation<PatrolTaskDetail, { id: number; body: AssignPatrolMembersRequest }>({
      query: ({ id, body }) => ({ path: `/api/patrol/tasks/${id}/members`, method: 'PUT', body, schema: patrolTaskDetailSchema }),
      invalidatesTags: ['PatrolTask', 'PatrolRun'],
    }),
    patrolTaskDelete: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/patrol/tasks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PatrolTask', 'PatrolNode'],
    }),
    /** "Start now": a run outside the schedule (refused while one is active: rule.patrolRunActive). */
    patrolTaskStart: build.mutation<PatrolRun, number>({
      query: (id) => ({ path: `/api/patrol/tasks/${id}/start`, method: 'POST', schema: patrolRunSchema }),
      invalidatesTags: ['PatrolTask', 'PatrolRun'],
    }),
    patrolTaskUserOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: pickerQuery(q, 'nickname'), schema: userPage }),
      providesTags: ['User'],
    }),
    patrolTaskChannelOptions: build.query<Page<Channel>, string>({
      query: (q) => ({ path: '/api/channels', query: pickerQuery(q, 'name'), schema: channelPage }),
      providesTags: ['Channel'],
    }),
  }),
});

export const {
  usePatrolTasksQuery,
  usePatrolTaskQuery,
  usePatrolTaskCreateMutation,
  usePatrolTaskUpdateMutation,
  usePatrolTaskAssignMutation,
  usePatrolTaskDeleteMutation,
  usePatrolTaskStartMutation,
  useLazyPatrolTaskUserOptionsQuery,
  useLazyPatrolTaskChannelOptionsQuery,
} = taskApi;
