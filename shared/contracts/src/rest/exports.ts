import { z } from 'zod';
import { text } from '../text';

// Record exports (issue 23, ADR 028): the filtered rows of a records list, streamed by the server
// as a spreadsheet or CSV. The query is the list's own (filters and sort; page and size are
// ignored) plus `format` and an optional `exportId` the console makes up to follow the progress.

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: 'validation.exportFormatInvalid' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Rows one export holds at most (an xlsx sheet holds 1,048,576 rows with its header). */
export const RECORD_EXPORT_ROWS_MAX = 1_048_575;

/** Rows between two progress frames (and at least one every second while rows flow). */
export const EXPORT_PROGRESS_EVERY_ROWS = 10_000;

export const exportParamsSchema = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), exportFormatSchema),
  /** Names the progress frames of this export: letters, digits, '-' and '_', up to 64. */
  exportId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    text({ error: 'validation.exportIdInvalid' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.exportIdInvalid' })
      .optional(),
  ),
});
export type ExportParams = z.infer<typeof exportParamsSchema>;

/**
 * Personal frame (`msg/listen/user/{entId}/{userId}`, bus `ws/user` Personal with `t`
 * ExportProgress) while an export with an `exportId` streams: rows written so far of `total`
 * (the count of the filtered rows, capped at RECORD_EXPORT_ROWS_MAX), `done` with the last one;
 * `cancelled` when the client went away before the end.
 */
export const EXPORT_PROGRESS_KIND = 'ExportProgress';
export const exportProgressFrameSchema = z.object({
  exportId: text(),
  rows: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  done: z.boolean(),
  cancelled: z.boolean(),
});
export type ExportProgressFrame = z.infer<typeof exportProgressFrameSchema>;

/**
 * An export's query is its list's without paging (an export holds every filtered row: `page` and
 * `size` are not read), plus `exportParamsSchema`: `list.omit(NO_PAGING).extend(exportParamsSchema.shape)`.
 */
export const NO_PAGING = { page: true, size: true } as const;
