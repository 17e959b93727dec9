import {
  assignmentCheckResultSchema,
  sheetImportResultSchema,
  type AssignmentCheckResult,
  type AssignmentLayout,
  type SheetImportResult,
} from '@ptt/contracts';
import type { ApiClient, DownloadedFile } from '@ptt/event-bus';

// The assignment endpoints. Uploads are plain calls from the wizard's handlers, not cached queries:
// each one is a single user action with its own progress.

export function downloadTemplate(api: ApiClient, layout: AssignmentLayout): Promise<DownloadedFile> {
  return api.download('/api/channels/assignments/template', { query: { layout } });
}

export function exportAssignments(api: ApiClient, layout: AssignmentLayout): Promise<DownloadedFile> {
  return api.download('/api/channels/assignments/export', { query: { layout } });
}

function form(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/** The dry run: every row's outcome, nothing written. */
export function checkFile(api: ApiClient, layout: AssignmentLayout, file: File, onProgress: (f: number) => void): Promise<AssignmentCheckResult> {
  return api.upload(`/api/channels/assignments/check?layout=${layout}`, form(file), { schema: assignmentCheckResultSchema, onProgress });
}

/** The same file again, applied: the server decides it the same way and writes the good rows. */
export function applyFile(api: ApiClient, layout: AssignmentLayout, file: File, onProgress: (f: number) => void): Promise<SheetImportResult> {
  return api.upload(`/api/channels/assignments/import?layout=${layout}`, form(file), { schema: sheetImportResultSchema, onProgress });
}
