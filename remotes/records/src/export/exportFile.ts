import type { ExportFormat } from '@ptt/contracts';
import type { ApiClient, DownloadedFile } from '@ptt/event-bus';
import type { TableQuery } from '@ptt/ui';
import type { RecordFilters } from '../core';

// The one request of this remote outside the server data store: a file the server streams. It
// goes through ApiClient.download, so it carries the session token and the page's API base URL
// like every other call, and a refusal (the JSON envelope) throws the same ApiError with its code.

/** An id the server's progress frames carry back: 32 hex digits (randomUUID needs a secure page). */
export function newExportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The export's query: the list's filters and sort (not its page), the format and the id. */
export function exportQuery(query: TableQuery<RecordFilters>, format: ExportFormat, exportId: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { sort: query.sort, order: query.order };
  for (const [name, value] of Object.entries(query.filters)) out[name] = value === '' ? undefined : value;
  return { ...out, format, exportId };
}

/** GETs the export; the signal cancels it (the server stops at its next batch). */
export function downloadExport(api: ApiClient, path: string, query: Record<string, string | undefined>, signal: AbortSignal): Promise<DownloadedFile> {
  return api.download(path, { query, signal });
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
