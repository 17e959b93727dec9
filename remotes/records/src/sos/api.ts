import { SOS_SORTS, pageSchema, sosListQuerySchema, sosRecordSchema, type Page, type SosRecord } from '@ptt/contracts';
import { queryParams, serverApi } from '@ptt/ui';
import { firstPageTags, type RecordRequest, type ViewSpec } from '../core';

const sosPage = pageSchema(sosRecordSchema);

export const SOS_SPEC: ViewSpec = {
  sorts: SOS_SORTS,
  defaultSort: 'startedAt',
  types: [],
  mine: true,
  // Offered once the list query takes it (the contracts decide, not this page).
  device: 'device' in sosListQuerySchema.shape,
};

export const sosApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // Staff read the organisation's SOS at /api/sos; the caller's own are at /api/me/sos-records.
    recordsSos: build.query<Page<SosRecord>, RecordRequest>({
      query: ({ mine, table }) => ({ path: mine ? '/api/me/sos-records' : '/api/sos', query: queryParams(table), schema: sosPage }),
      providesTags: (_result, _error, { table }) => firstPageTags(table, 'Sos'),
    }),
  }),
});

export const { useRecordsSosQuery } = sosApi;

export const sosExportPath = (mine: boolean) => (mine ? '/api/me/sos-records/export' : '/api/records/sos/export');
