import { pageSchema, patrolNodeSchema, type CreatePatrolNodeRequest, type Page, type PatrolNode, type UpdatePatrolNodeRequest } from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The node section's server data, checked with the contracts schemas. A node change also
// invalidates the tasks: their routes show node names and positions, and each node counts its tasks.

export const NODE_PAGE_SIZE = 20;

export type NodeFilters = { q: string; enabled: '' | 'true' | 'false'; taskId: string };

const nodePage = pageSchema(patrolNodeSchema);

export const nodeApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    patrolNodes: build.query<Page<PatrolNode>, TableQuery<NodeFilters>>({
      query: (q) => ({ path: '/api/patrol/nodes', query: queryParams(q), schema: nodePage }),
      providesTags: ['PatrolNode'],
    }),
    patrolNodeCreate: build.mutation<PatrolNode, CreatePatrolNodeRequest>({
      query: (body) => ({ path: '/api/patrol/nodes', method: 'POST', body, schema: patrolNodeSchema }),
      invalidatesTags: ['PatrolNode'],
    }),
    patrolNodeUpdate: build.mutation<PatrolNode, { id: number; body: UpdatePatrolNodeRequest }>({
      query: ({ id, body }) => ({ path: `/api/patrol/nodes/${id}`, method: 'PATCH', body, schema: patrolNodeSchema }),
      invalidatesTags: ['PatrolNode', 'PatrolTask'],
    }),
    patrolNodeDelete: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/patrol/nodes/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PatrolNode', 'PatrolTask'],
    }),
  }),
});

export const { usePatrolNodesQuery, usePatrolNodeCreateMutation, usePatrolNodeUpdateMutation, usePatrolNodeDeleteMutation } = nodeApi;
