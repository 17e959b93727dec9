import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { ServerCode, serverCodeI18nKey } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import type { ApiClient, DataSchema } from '@ptt/event-bus';

/** One REST call as an endpoint describes it; the shared ApiClient makes it (token, envelope, codes). */
export interface ServerRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** The contracts schema the answer's data is checked with. */
  schema?: DataSchema<unknown>;
}

/** What a store that holds the server data must give its thunks (configureStore's extraArgument). */
export interface DataExtra {
  api: ApiClient;
}

/**
 * A failed call as the store keeps it: ApiError's fields as plain data, since the store holds
 * only what can be serialised (and shown again after a reload of the state).
 */
export interface ServerFailure {
  code: number;
  i18nKey: string;
  httpStatus: number;
  message: string;
  data: unknown;
}

function asFailure(e: unknown): ServerFailure {
  if (isApiError(e)) return { code: e.code, i18nKey: e.i18nKey, httpStatus: e.httpStatus, message: e.message, data: e.data };
  return {
    code: ServerCode.ServiceException,
    i18nKey: serverCodeI18nKey(ServerCode.ServiceException),
    httpStatus: 0,
    message: e instanceof Error ? e.message : String(e),
    data: null,
  };
}

/** RTK Query's transport: our ApiClient, its refusals kept with their code and i18n key. */
export const serverBaseQuery: BaseQueryFn<ServerRequest, unknown, ServerFailure> = async (req, { signal, extra }) => {
  const { api } = (extra ?? {}) as Partial<DataExtra>;
  if (!api) return { error: asFailure(new Error('no ApiClient in the store (createDataStore or extraArgument { api })')) };
  const options = { query: req.query, schema: req.schema, signal };
  try {
    switch (req.method ?? 'GET') {
      case 'GET':
        return { data: await api.get(req.path, options) };
      case 'POST':
        return { data: await api.post(req.path, req.body, options) };
      case 'PUT':
        return { data: await api.put(req.path, req.body, options) };
      case 'PATCH':
        return { data: await api.patch(req.path, req.body, options) };
      case 'DELETE':
        return { data: await api.del(req.path, req.body, options) };
    }
  } catch (e) {
    return { error: asFailure(e) };
  }
};

/**
 * The server data tags. A list provides its tag; a change (ours, or another console's arriving on
 * the bus) invalidates it, and every screen showing it refetches.
 */
export const DATA_TAGS = ['User', 'Channel', 'Device', 'Notice', 'Package', 'LoginRecord', 'OperationRecord', 'Sos', 'Fence', 'FenceAlert', 'PatrolNode', 'PatrolTask', 'PatrolRun'] as const;
export type DataTag = (typeof DATA_TAGS)[number];

/**
 * The one RTK Query api of the page. Features add their endpoints with `serverApi.injectEndpoints`
 * (module federation shares @ptt/ui as a singleton, so host and remotes add to the same api).
 */
export const serverApi = createApi({
  reducerPath: 'server',
  baseQuery: serverBaseQuery,
  tagTypes: DATA_TAGS,
  endpoints: () => ({}),
  // A list left open for a shift refetches when it is shown again after a minute away.
  refetchOnMountOrArgChange: 60,
});
