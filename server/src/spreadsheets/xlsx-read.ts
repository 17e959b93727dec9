import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX, ServerCode } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { UploadCutShortError, safeFileName } from '../files/file-store';
import { AppError } from '../http/app-error';
import { ruleError, type Caller } from '../http/caller';
import { inspectZip } from './zip-check';

/** Unpacked size a workbook may reach: ~10,000 rows need a few MB; the rest is slack for styles. */
const UNPACKED_MAX_BYTES = 50 * 1024 * 1024;
/** A cell longer than this is cut before validation (every field rule is far shorter). */
const CELL_TEXT_MAX = 1000;

/** One data row: its row number as Excel shows it and the text of the known columns. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

export interface UploadedSheet {
  fileName: string;
  rows: SheetRow[];
}

/**
 * The text of a cell, whatever its type: numbers without exponent games for ordinary accounts,
 * dates as ISO dates, rich text joined, hyperlinks by their text, formulas by their cached result
 * (never evaluated), errors as blank. Nothing in a cell is trusted to be what the header says.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.slice(0, CELL_TEXT_MAX);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((r) => (typeof r?.text === 'string' ? r.text : '')).join('').slice(0, CELL_TEXT_MAX);
  }
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text);
  return '';
}

/** `Created At`, `created_at` and `createdAt` are the same header. */
export function headerKey(text: string): string {
  return text.trim().toLowerCase().replace(/[\s_-]+/g, '');
}

async function maxImportBytes(q: Queryable, entId: number): Promise<number> {
  const r = await q.query<{ max: number }>('select max_file_bytes as max from enterprises where id = $1', [entId]);
  return Math.min(r.rows[0]?.max ?? 0, IMPORT_FILE_MAX_BYTES);
}

/**
 * Reads the `file` part of a multipart request into memory (never onto disk: user sheets carry
 * passwords), within the enterprise's file quota and IMPORT_FILE_MAX_BYTES (1005), and checks it is
 * a real xlsx (2004 fileTypeNotAllowed).
 */
async function receiveXlsx(req: FastifyRequest, caller: Caller, db: Queryable): Promise<{ name: string; workbook: ExcelJS.Workbook }> {
  if (!req.isMultipart()) throw new AppError(ServerCode.ParameterError, { reason: 'multipart/form-data with a file field is required' });
  const max = await maxImportBytes(db, caller.entId);
  const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10 } });
  if (!part) throw new AppError(ServerCode.ParameterError, { reason: 'no file in the request' });
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxBytes: max });
    // Reading the request failed otherwise: the form ended before the file did.
    throw new UploadCutShortError();
  }
  const verdict = await inspectZip(buf, UNPACKED_MAX_BYTES);
  if (verdict === 'tooLarge') throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxUnpackedBytes: UNPACKED_MAX_BYTES });
  if (verdict !== 'xlsx') throw ruleError(ServerCode.ParameterError, 'fileTypeNotAllowed', { allowed: ['xlsx'] });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw ruleError(ServerCode.ParameterError, 'fileTypeNotAllowed', { allowed: ['xlsx'], detail: 'the workbook cannot be read' });
  }
  return { name: safeFileName(part.filename), workbook };
}

/** Header key -> column number of one sheet's first row that has values. */
function headerOf(ws: ExcelJS.Worksheet): { at: number; columns: Map<string, number> } | null {
  let found: { at: number; columns: Map<string, number> } | null = null;
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (found) return;
    const columns = new Map<string, number>();
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = headerKey(cellText(cell.value));
      if (key && !columns.has(key)) columns.set(key, col);
    });
    if (columns.size > 0) found = { at: n, columns };
  });
  return found;
}

/**
 * The data rows of the first worksheet whose header has every required column. `columns` are the
 * keys to read (others are ignored); blank rows are skipped; more than IMPORT_ROWS_MAX rows is 2004.
 */
export async function readUploadedSheet(
  req: FastifyRequest,
  caller: Caller,
  db: Queryable,
  columns: readonly string[],
  required: readonly string[],
): Promise<UploadedSheet> {
  const { name, workbook } = await receiveXlsx(req, caller, db);
  let chosen: { ws: ExcelJS.Worksheet; at: number; columns: Map<string, number> } | null = null;
  for (const ws of workbook.worksheets) {
    const header = headerOf(ws);
    if (header && required.every((k) => header.columns.has(headerKey(k)))) {
      chosen = { ws, ...header };
      break;
    }
  }
  if (!chosen) throw new AppError(ServerCode.ParameterError, { reason: 'missing columns', required: [...required] });
  const { ws, at, columns: found } = chosen;
  const rows: SheetRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n <= at || tooMany) return;
    const cells: Record<string, string> = {};
    let blank = true;
    for (const key of columns) {
      const col = found.get(headerKey(key));
      const text = col ? cellText(row.getCell(col).value) : '';
      cells[key] = text;
      if (text.trim()) blank = false;
    }
    if (blank) return;
    if (rows.length >= IMPORT_ROWS_MAX) tooMany = true;
    else rows.push({ row: n, cells });
  });
  if (tooMany) throw new AppError(ServerCode.ParameterError, { reason: 'too many rows', maxRows: IMPORT_ROWS_MAX });
  if (rows.length === 0) throw new AppError(ServerCode.ParameterError, { reason: 'no data rows' });
  return { fileName: name, rows };
}
