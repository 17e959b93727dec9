import { OPERATION_RECORD_SORTS, OPERATION_TYPE_COUNT, operationRecordQuerySchema, operationRecordSchema, pageSchema, type OperationRecord, type Page } from '@ptt/contracts';
import { queryParams, serverApi } from '@ptt/ui';
import { firstPageTags, type RecordRequest, type ViewSpec } from '../core';

const operationPage = pageSchema(operationRecordSchema);

export const OPERATION_SPEC: ViewSpec = {
  sorts: OPERATION_RECORD_SORTS,
  defaultSort: 'time',
  types: Array.from({ length: OPERATION_TYPE_COUNT }, (_v, n) => String(n)),
  mine: true,
  device: 'device' in operationRecordQuerySchema.shape,
};

export const operationApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    recordsOperations: build.query<Page<OperationRecord>, RecordRequest>({
      query: ({ mine, table }) => ({ path: mine ? '/api/me/operations' : '/api/records/operations', query: queryParams(table), schema: operationPage }),
      providesTags: (_result, _error, { table }) => firstPageTags(table, 'OperationRecord'),
    }),
  }),
});

export const { useRecordsOperationsQuery } = operationApi;

export const operationExportPath = (mine: boolean) => (mine ? '/api/me/operations/export' : '/api/records/operations/export');
