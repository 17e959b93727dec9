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

export interface UploadRequestOptions<T> extends Omit<RequestOptions<T>, 'query'> {
  /** Fraction 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  del<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  /** POSTs a multipart form, reporting upload progress (avatars, client packages). */
  upload<T = unknown>(path: string, form: FormData, options?: UploadRequestOptions<T>): Promise<T>;
  /** GETs a file the server writes itself (spreadsheets): its bytes and the name it suggests.
   *  A refusal still arrives as the JSON envelope and throws the same ApiError as get. */
  download(path: string, options?: Omit<RequestOptions<never>, 'schema'>): Promise<DownloadedFile>;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  fileName: string | null;
}

/** `attachment; filename="users.xlsx"; filename*=UTF-8''...` -> the best name it carries. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent((star[1] ?? '').trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? plain[1].trim() : null;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null | undefined;
  fetchImpl?: FetchLike;
  /** Uploads go through XMLHttpRequest, since fetch cannot report upload progress; tests hand in a fake. */
  xhrFactory?: () => XMLHttpRequest;
}

/**
 * The i18n key of a refusal, the most precise first: a field's validation key
 * (`data.issues[0].message`), then a business rule's key (`data.reason`, see contracts rules.ts),
 * then the code's catalogue text.
 */
function refusalKey(code: number, data: unknown): string {
  const d = (data ?? {}) as { reason?: unknown; issues?: { message?: unknown }[] };
  const issue = Array.isArray(d.issues) ? d.issues[0]?.message : undefined;
  if (typeof issue === 'string' && issue.startsWith('validation.')) return issue;
  if (typeof d.reason === 'string' && d.reason.startsWith('rule.')) return d.reason;
  return serverCodeI18nKey(code);
}

function networkError(detail: string): ApiError {
  return new ApiError(NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError, 0, detail);
}

/** An answer's envelope, checked: its data, or the ApiError it stands for. */
function readAnswer<T>(status: number, text: string, what: string, schema: DataSchema<T> | undefined): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidResponse(status, `non-JSON response (HTTP ${status})`);
  }
  const envelope = anyEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw invalidResponse(status, `response is not an envelope (HTTP ${status})`);

  const { code, msg, data } = envelope.data;
  if (code !== ServerCode.Ok) {
    // Known codes carry the catalogue's status; for unknown ones the real HTTP status is the best we have.
    const httpStatus = isServerCode(code) ? httpStatusFor(code) : status;
    throw new ApiError(code, refusalKey(code, data), httpStatus, msg, data ?? null);
  }
  if (!schema) return data as T;
  const checked = schema.safeParse(data);
  if (!checked.success) throw invalidResponse(status, `unexpected data for ${what}`);
  return checked.data;
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

export function createApiClient({ baseUrl = '', getToken, fetchImpl, xhrFactory = () => new XMLHttpRequest() }: ApiClientOptions): ApiClient {
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
      throw networkError(e instanceof Error ? e.message : String(e));
    }
    // A body that cannot be read counts as a non-JSON answer.
    const text = await response.text().catch(() => '');
    return readAnswer(response.status, text, `${method} ${path}`, options.schema);
  }

  function upload<T>(path: string, form: FormData, options: UploadRequestOptions<T> = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const xhr = xhrFactory();
      xhr.open('POST', `${baseUrl}${path}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      const { onProgress, signal } = options;
      xhr.upload.onprogress = (e) => {
        if (onProgress && e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        try {
          resolve(readAnswer(xhr.status, xhr.responseText, `POST ${path}`, options.schema));
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      };
      // Like a failed or aborted fetch: no answer came.
      xhr.onerror = () => reject(networkError(`upload to ${path} failed`));
      xhr.onabort = () => reject(networkError(`upload to ${path} aborted`));
      if (signal?.aborted) {
        reject(networkError(`upload to ${path} aborted`));
        return;
      }
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  async function download(path: string, options: Omit<RequestOptions<never>, 'schema'> = {}): Promise<DownloadedFile> {
    const headers: Record<string, string> = {};
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method: 'GET', headers };
    if (options.signal) init.signal = options.signal;
    let response: Response;
    try {
      response = await doFetch(withQuery(`${baseUrl}${path}`, options.query), init);
    } catch (e) {
      throw networkError(e instanceof Error ? e.message : String(e));
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const text = await response.text().catch(() => '');
      readAnswer(response.status, text, `GET ${path}`, undefined);
      // A JSON success where a file was expected is a broken answer, not a file.
      throw invalidResponse(response.status, `GET ${path} answered JSON, not a file`);
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    del: (path, body, options) => request('DELETE', path, body, options),
    upload,
    download,
  };
}
