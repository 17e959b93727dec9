import { enterpriseSchema, pageSchema, patrolNodeSchema, patrolTaskSchema, PAGE_SIZE_MAX, type Page, type PatrolNode, type PatrolTask } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// Reads more than one section needs: every node (maps, the route picker), every task (filters)
// and the organisation's time zone (schedules). Tags as the lists: a ws/patrol change refetches them.

const nodePage = pageSchema(patrolNodeSchema);
const taskPage = pageSchema(patrolTaskSchema);
const timeZoneSchema = enterpriseSchema.pick({ timeZone: true });

/** One page of the largest size: an organisation's checkpoints and tours are tens, not thousands. */
export const ALL = { page: 1, size: PAGE_SIZE_MAX, sort: 'name', order: 'asc' } as const;

export const coreApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolAllNodes: build.query<Page<PatrolNode>, void>({
      query: () => ({ path: '/api/patrol/nodes', query: { ...ALL }, schema: nodePage }),
      providesTags: ['PatrolNode'],
    }),
    patrolAllTasks: build.query<Page<PatrolTask>, void>({
      query: () => ({ path: '/api/patrol/tasks', query: { ...ALL }, schema: taskPage }),
      providesTags: ['PatrolTask'],
    }),
    /** The organisation's time zone, in which start times run (ADR 027). */
    patrolTimeZone: build.query<string, void>({
      query: () => ({ path: '/api/enterprise', schema: timeZoneSchema }),
      transformResponse: (e: { timeZone: string }) => e.timeZone,
    }),
  }),
});

export const { usePatrolAllNodesQuery, usePatrolAllTasksQuery, usePatrolTimeZoneQuery } = coreApi;
