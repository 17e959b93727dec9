import {
  CLIENT_ERROR_KEYS,
  NETWORK_ERROR_CODE,
  ServerCode,
  anyEnvelopeSchema,
  isServerCode,
  httpStatusFor,
  serverCodeI18nKey,
} from '@ptt/contracts';
import { ApiError } from './api-error';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Structural view of a zod schema, so this package needs no direct zod dependency. */
export interface DataSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  /** Checks the envelope's data; without it the data is returned unchecked. */
  schema?: DataSchema<T>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  del<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null | undefined;
  fetchImpl?: FetchLike;
}

function withQuery(url: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  if (qs === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function invalidResponse(httpStatus: number, detail: string): ApiError {
  return new ApiError(ServerCode.ServiceException, serverCodeI18nKey(ServerCode.ServiceException), httpStatus, detail);
}

export function createApiClient({ baseUrl = '', getToken, fetchImpl }: ApiClientOptions): ApiClient {
  // Resolved per call and not stored bare: a detached window.fetch throws "Illegal invocation".
  const doFetch: FetchLike = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;

    let response: Response;
    try {
      response = await doFetch(withQuery(`${baseUrl}${path}`, options.query), init);
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      throw new ApiError(NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError, 0, detail);
    }

    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch {
      throw invalidResponse(response.status, `non-JSON response (HTTP ${response.status})`);
    }
    const envelope = anyEnvelopeSchema.safeParse(json);
    if (!envelope.success) throw invalidResponse(response.status, `response is not an envelope (HTTP ${response.status})`);

    const { code, msg, data } = envelope.data;
    if (code !== ServerCode.Ok) {
      // Known codes carry the catalogue's status; for unknown ones the real HTTP status is the best we have.
      const httpStatus = isServerCode(code) ? httpStatusFor(code) : response.status;
      throw new ApiError(code, serverCodeI18nKey(code), httpStatus, msg, data ?? null);
    }
    if (!options.schema) return data as T;
    const checked = options.schema.safeParse(data);
    if (!checked.success) throw invalidResponse(response.status, `unexpected data for ${method} ${path}`);
    return checked.data;
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    del: (path, body, options) => request('DELETE', path, body, options),
  };
}
