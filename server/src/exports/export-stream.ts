import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECORD_EXPORT_ROWS_MAX, ServerCode, XLSX_MIME, type ExportFormat } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import { attachmentDisposition } from '../spreadsheets/xlsx-write';
import type { Hub } from '../ws/hub';
import type { ExportColumn } from './cells';
import { CsvSheet } from './csv-sheet';
import { countUpTo, keysetBatches, type KeysetQuery } from './keyset';
import { exportLanguage } from './language';
import { ExportProgress } from './progress';
import type { SheetWriter } from './sheet-writer';
import { XlsxSheet } from './xlsx-sheet';

/**
 * Rows per statement (ADR 028 said 5,000; see its addendum): a batch must be written before V8's
 * young generation is collected twice, or its rows are promoted to the old generation, whose
 * garbage grew the process by 100 MB and more. Each format sets its own (`SheetWriter.batchRows`)
 * by how much it allocates per row.
 */
export const EXPORT_SLICE_ROWS = 100;
export const CSV_MIME = 'text/csv; charset=utf-8';

export interface ExportDeps {
  db: Queryable;
  hub: Hub;
  log: Logger;
}

/** One export: what to read, how each row becomes cells, and the file's names. */
export interface ExportSpec<R> {
  /** The table whose newest id bounds the export (the rows as of its start). */
  table: string;
  query: KeysetQuery;
  columns: readonly ExportColumn<R>[];
  sheetName: string;
  fileName: string;
}

export interface ExportRequest {
  entId: number;
  userId: number;
  format: ExportFormat;
  exportId: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

async function newestId(db: Queryable, table: string): Promise<number> {
  const r = await db.query<{ id: number }>(`select coalesce(max(id), 0)::int as id from ${table}`);
  return r.rows[0]?.id ?? 0;
}

/**
 * Streams the rows of `spec` as xlsx or CSV into the reply. Everything that can refuse (the row
 * limit) happens before the first byte, as a normal JSON answer; after that the file streams and
 * a failure can only cut it short. Resolves with the reply as soon as streaming has started.
 */
export async function streamExport<R>(deps: ExportDeps, spec: ExportSpec<R>, r: ExportRequest): Promise<FastifyReply> {
  const maxId = await newestId(deps.db, spec.table);
  const total = await countUpTo(deps.db, spec.query, maxId, RECORD_EXPORT_ROWS_MAX);
  if (total > RECORD_EXPORT_ROWS_MAX) {
    throw new AppError(ServerCode.ParameterError, { reason: 'too many rows, narrow the filters', maxRows: RECORD_EXPORT_ROWS_MAX });
  }
  const lang = exportLanguage(r.req.headers['accept-language']);
  const out = new PassThrough();
  const aborted = new AbortController();
  let ending = false;
  // The client went away (closed the tab, pressed cancel): the response closes unfinished.
  r.reply.raw.once('close', () => {
    if (!r.reply.raw.writableFinished) aborted.abort();
  });
  out.once('close', () => {
    if (!ending) aborted.abort();
  });
  const writer: SheetWriter =
    r.format === 'csv' ? new CsvSheet(out, aborted.signal) : new XlsxSheet(out, aborted.signal, spec.sheetName, spec.columns.map((c) => c.width ?? 16));
  const progress = new ExportProgress(deps.hub, r, total);

  const run = async () => {
    progress.start();
    let rows = 0;
    await writer.header(spec.columns.map((c) => c[lang]));
    for await (const batch of keysetBatches<R>(deps.db, spec.query, maxId, writer.batchRows)) {
      for (let at = 0; at < batch.length && !aborted.signal.aborted; at += EXPORT_SLICE_ROWS) {
        // Never more than a sheet holds, whatever changed since the count.
        const slice = batch.slice(at, Math.min(at + EXPORT_SLICE_ROWS, at + RECORD_EXPORT_ROWS_MAX - rows));
        // The batch lets go of the slice's rows, so they die young once written.
        (batch as unknown[]).fill(undefined, at, at + slice.length);
        await writer.rows(slice.map((row) => spec.columns.map((c) => c.value(row, lang))));
        rows += slice.length;
        progress.add(slice.length);
        if (rows >= RECORD_EXPORT_ROWS_MAX) break;
        // Let waiting requests in: with a fast client nothing here waits for I/O, and on PGlite
        // their statements would queue behind the whole export.
        await nextTurn();
      }
      // Stop before the next batch once the client has gone.
      if (aborted.signal.aborted || rows >= RECORD_EXPORT_ROWS_MAX) break;
    }
    if (aborted.signal.aborted) {
      writer.abort();
      out.destroy();
      progress.finish(true);
      deps.log.info({ rows, total }, 'record export cancelled by the client');
      return;
    }
    ending = true;
    await writer.end();
    progress.finish(aborted.signal.aborted);
  };

  r.reply
    .header('content-type', r.format === 'csv' ? CSV_MIME : XLSX_MIME)
    .header('content-disposition', attachmentDisposition(spec.fileName))
    .header('x-content-type-options', 'nosniff')
    // Records of people: not for shared caches, not kept by the browser.
    .header('cache-control', 'no-store');
  void r.reply.send(out);
  run().catch((err: unknown) => {
    deps.log.error({ err }, 'record export failed while streaming');
    writer.abort();
    // The headers are gone: cutting the response short is how the client learns of it.
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    progress.finish(true);
  });
  return r.reply;
}
