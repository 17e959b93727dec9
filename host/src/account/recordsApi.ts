import { loginRecordSchema, operationRecordSchema, pageSchema, sosRecordSchema } from '@ptt/contracts';
import type { LoginRecord, OperationRecord, Page, SosRecord } from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

export const RECORD_PAGE_SIZE = 10;

const loginPage = pageSchema(loginRecordSchema);
const operationPage = pageSchema(operationRecordSchema);
const sosPage = pageSchema(sosRecordSchema);

/** The caller's own records; a login elsewhere, an own change or an SOS refreshes an open list. */
export const ownRecordsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    ownLoginRecords: build.query<Page<LoginRecord>, TableQuery>({
      query: (q) => ({ path: '/api/me/login-records', query: queryParams(q), schema: loginPage }),
      providesTags: ['LoginRecord'],
    }),
    ownOperations: build.query<Page<OperationRecord>, TableQuery>({
      query: (q) => ({ path: '/api/me/operations', query: queryParams(q), schema: operationPage }),
      providesTags: ['OperationRecord'],
    }),
    ownSosRecords: build.query<Page<SosRecord>, TableQuery>({
      query: (q) => ({ path: '/api/me/sos-records', query: queryParams(q), schema: sosPage }),
      providesTags: ['Sos'],
    }),
  }),
});

export const { useOwnLoginRecordsQuery, useOwnOperationsQuery, useOwnSosRecordsQuery } = ownRecordsApi;
