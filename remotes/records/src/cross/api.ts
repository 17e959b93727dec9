import { FENCE_ALERT_SORTS, FENCE_RULES, fenceAlertListQuerySchema, fenceAlertSchema, pageSchema, type FenceAlert, type Page } from '@ptt/contracts';
import { queryParams, serverApi } from '@ptt/ui';
import { firstPageTags, type RecordRequest, type ViewSpec } from '../core';

const alertPage = pageSchema(fenceAlertSchema);

export const CROSS_SPEC: ViewSpec = {
  sorts: FENCE_ALERT_SORTS,
  defaultSort: 'time',
  types: FENCE_RULES,
  // Nobody has cross-border records of their own in the user menu.
  mine: false,
  device: 'device' in fenceAlertListQuerySchema.shape,
};

export const crossApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    recordsFenceAlerts: build.query<Page<FenceAlert>, RecordRequest>({
      query: ({ table }) => ({ path: '/api/records/fence-alerts', query: queryParams(table), schema: alertPage }),
      providesTags: (_result, _error, { table }) => firstPageTags(table, 'FenceAlert'),
    }),
  }),
});

export const { useRecordsFenceAlertsQuery } = crossApi;

export const CROSS_EXPORT_PATH = '/api/records/fence-alerts/export';
