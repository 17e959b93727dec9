import { LOGIN_RECORD_SORTS, loginRecordQuerySchema, loginRecordSchema, pageSchema, type LoginRecord, type Page } from '@ptt/contracts';
import { queryParams, serverApi } from '@ptt/ui';
import { firstPageTags, type RecordRequest, type ViewSpec } from '../core';

const loginPage = pageSchema(loginRecordSchema);

export const LOGIN_SPEC: ViewSpec = {
  sorts: LOGIN_RECORD_SORTS,
  defaultSort: 'time',
  types: [],
  mine: true,
  device: 'device' in loginRecordQuerySchema.shape,
};

export const loginApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    recordsLogins: build.query<Page<LoginRecord>, RecordRequest>({
      query: ({ mine, table }) => ({ path: mine ? '/api/me/login-records' : '/api/records/logins', query: queryParams(table), schema: loginPage }),
      providesTags: (_result, _error, { table }) => firstPageTags(table, 'LoginRecord'),
    }),
  }),
});

export const { useRecordsLoginsQuery } = loginApi;

export const loginExportPath = (mine: boolean) => (mine ? '/api/me/login-records/export' : '/api/records/logins/export');
