import {
  CLIENT_ERROR_KEYS,
  NETWORK_ERROR_CODE,
  ServerCode,
  anyEnvelopeSchema,
  httpStatusFor,
  isServerCode,
  serverCodeI18nKey,
  type ExportFormat,
} from '@ptt/contracts';
import { ApiError, fileNameOf, type DownloadedFile } from '@ptt/event-bus';
import type { TableQuery } from '../kit/tableTypes';

// The one request of a list's export outside the server data store: a file the server streams as it
// reads the rows. A plain fetch, not ApiClient.download, because the file's column headers follow
// the interface language, which the server reads from Accept-Language (a browser sends its own);
// the token and the base URL are the ApiClient's (the session's token, the page's origin), and a
// refusal (the JSON envelope) throws an ApiError with its code and i18n key like any other call.

/** An id the server's progress frames carry back: 32 hex digits (randomUUID needs a secure page). */
export function newExportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The export's query: the list's filters and sort (not its page), the format and the id. */
export function exportQuery<F extends Record<string, string>>(query: TableQuery<F>, format: ExportFormat, exportId: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { sort: query.sort, order: query.order };
  for (const [name, value] of Object.entries(query.filters)) out[name] = value === '' ? undefined : value;
  return { ...out, format, exportId };
}

export interface ExportRequest {
  path: string;
  query: Record<string, string | undefined>;
  /** The session's token. */
  token: string | null;
  /** The interface language, for the file's headers ('en', 'zh-CN'). */
  language: string;
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** GETs the export; the signal cancels it (the server stops before its next batch). */
export async function downloadExport({ path, query, token, language, signal, fetchImpl = (input, init) => globalThis.fetch(input, init) }: ExportRequest): Promise<DownloadedFile> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const headers: Record<string, string> = { 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetchImpl(`${path}?${params.toString()}`, { headers, signal });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ApiError(NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError, 0, e instanceof Error ? e.message : String(e));
  }
  // A refusal comes before any row, as the usual JSON envelope.
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) throw refusalOf(response.status, await response.text().catch(() => ''));
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** The refusal an envelope stands for, keyed like ApiClient's: a field's or a rule's key, else the code's. */
export function refusalOf(status: number, body: string): ApiError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: a broken answer
  }
  const envelope = anyEnvelopeSchema.safeParse(parsed);
  if (!envelope.success || envelope.data.code === ServerCode.Ok) {
    return new ApiError(ServerCode.ServiceException, serverCodeI18nKey(ServerCode.ServiceException), status, `export answered HTTP ${status} without a file`);
  }
  const { code, msg, data } = envelope.data;
  const d = (data ?? {}) as { reason?: unknown; issues?: { message?: unknown }[] };
  const issue = Array.isArray(d.issues) ? d.issues[0]?.message : undefined;
  const key =
    typeof issue === 'string' && issue.startsWith('validation.') ? issue : typeof d.reason === 'string' && d.reason.startsWith('rule.') ? d.reason : serverCodeI18nKey(code);
  return new ApiError(code, key, isServerCode(code) ? httpStatusFor(code) : status, msg, data ?? null);
}

/** How long the file's object URL is kept: the browser has read it well before (tens of MB at most). */
const KEEP_URL_MS = 60_000;

/** Hands the file to the browser's save, under the name the server gave it. */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file.blob);
  link.download = file.fileName ?? fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), KEEP_URL_MS);
}
