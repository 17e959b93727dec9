import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { XLSX_MIME } from '@ptt/contracts';
import { safeFileName } from '../files/file-store';

/** The '@' number format: Excel keeps what is typed or stored as text (phone-like accounts keep
 *  their leading zeros, `=...` stays text even after a user edits the cell). */
const TEXT_FORMAT = '@';

/** A workbook ready to download. */
export interface XlsxFile {
  buf: Buffer;
  name: string;
}

export interface SheetSpec {
  name: string;
  columns: readonly { key: string; width?: number }[];
  /** Every value is written as a string: nothing exported becomes a formula or a number. */
  rows: Iterable<readonly string[]>;
  /** Excel-side hints for typing: a drop-down list or a whole-number range, by column key. */
  lists?: Record<string, readonly string[]>;
  wholeNumbers?: Record<string, { min: number; max: number }>;
  /** Rows the hints cover. */
  hintRows?: number;
}

function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The streaming worksheet has data validations at run time; exceljs's types leave them out. */
type StreamedSheet = ExcelJS.Worksheet & { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } };

function addSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, spec: SheetSpec): void {
  const ws = wb.addWorksheet(spec.name) as StreamedSheet;
  ws.columns = spec.columns.map((c) => ({ header: c.key, key: c.key, width: c.width ?? 18, style: { numFmt: TEXT_FORMAT } }));
  const last = (spec.hintRows ?? 0) + 1;
  spec.columns.forEach((c, i) => {
    const range = `${columnLetter(i + 1)}2:${columnLetter(i + 1)}${last}`;
    const list = spec.lists?.[c.key];
    if (list && last > 1) {
      ws.dataValidations.add(range, { type: 'list', allowBlank: true, formulae: [`"${list.join(',')}"`] });
    }
    const whole = spec.wholeNumbers?.[c.key];
    if (whole && last > 1) {
      ws.dataValidations.add(range, { type: 'whole', operator: 'between', allowBlank: true, formulae: [whole.min, whole.max] });
    }
  });
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const values of spec.rows) {
    const row = ws.addRow(values.map((v) => (v === '' ? null : v)));
    // Formula injection: text starting with = + - @ is stored as a plain string (never a formula
    // record) in a text-formatted cell, so Excel does not evaluate it even after the cell is edited.
    // The value itself is not altered, so an export re-imports unchanged.
    row.eachCell((cell) => {
      cell.numFmt = TEXT_FORMAT;
    });
    row.commit();
  }
  ws.commit();
}

/** A whole workbook in memory, written through exceljs's streaming writer (exports can be large). */
export async function writeXlsx(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  for (const spec of sheets) addSheet(wb, spec);
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

/** RFC 6266: an ASCII fallback and the exact name as UTF-8 (RFC 5987 attr-chars only). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export function sendXlsx(reply: FastifyReply, { buf, name }: XlsxFile): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-length', String(buf.length))
    .header('content-disposition', attachmentDisposition(safeFileName(name.replace(/[\\/]/g, '-'))))
    .header('x-content-type-options', 'nosniff')
    // Lists of people: not for shared caches, not kept by the browser.
    .header('cache-control', 'no-store')
    .send(buf);
}

/** `<organisation> <what> 2025-01-31.xlsx`: the organisation's name may be in any script. */
export function exportName(entName: string, what: string): string {
  return `${entName.slice(0, 60)} ${what} ${new Date().toISOString().slice(0, 10)}.xlsx`;
}

/** The sheet that explains a template: one line per column (key, required, rules), then notes. */
export function instructionsSheet(lines: readonly (readonly string[])[]): SheetSpec {
  return { name: 'Instructions', columns: [{ key: 'column', width: 20 }, { key: 'required', width: 14 }, { key: 'rules', width: 110 }], rows: lines };
}
