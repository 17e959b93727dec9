import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { guardCell, type Cell } from './cells';
import { drained } from './backpressure';
import type { SheetWriter } from './sheet-writer';

/** XML of the sheet the zip has not compressed yet, past which the reader waits. */
const SHEET_BACKLOG_MAX_BYTES = 1024 * 1024;
/** Longest wait for the zip's input to drain before looking again (its 'drain' is the usual wake-up). */
const BACKLOG_WAIT_MS = 50;

type Buffered = Readable & {
  _readableState?: { length?: number };
  _writableState?: { length?: number };
};

/** The archiver's input stream for the sheet (what exceljs's sheet buffer writes into). */
function sheetInput(sheet: ExcelJS.Worksheet): Buffered | null {
  const input = (sheet as unknown as { _stream?: { pipes?: Buffered[] } })._stream?.pipes?.[0];
  return input?._readableState && input._writableState ? input : null;
}

/**
 * Bytes of sheet XML waiting for the zip. exceljs writes each row into the sheet's buffer
 * (`StreamBuf`), which hands it to the archiver's input stream without looking at backpressure;
 * when the client reads slowly that input grows. Null when exceljs's insides are not as expected
 * (then only the output's own backpressure holds; test/record-exports.test.ts notices).
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): number | null {
  const input = sheetInput(sheet);
  return input ? (input._readableState!.length ?? 0) + (input._writableState!.length ?? 0) : null;
}

/**
 * One worksheet streamed through exceljs's WorkbookWriter into `out`: rows committed as they come,
 * inline strings (no shared-strings table, which would hold every distinct text until the end),
 * no styles. Cells keep their type: numbers stay numbers, text is text.
 */
export class XlsxSheet implements SheetWriter {
  // exceljs makes about 16 KB of garbage per row (cell, value, model and XML objects): 250 rows
  // are about 4 MB, well within one young-generation cycle.
  readonly batchRows = 250;
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    private readonly out: Writable,
    private readonly signal: AbortSignal,
    name: string,
    widths: readonly number[],
  ) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    this.sheet = this.book.addWorksheet(name);
    this.sheet.columns = widths.map((width) => ({ width }));
  }

  header(cells: readonly string[]): Promise<void> {
    this.sheet.addRow([...cells]).commit();
    return this.settle();
  }

  rows(rows: readonly (readonly Cell[])[]): Promise<void> {
    for (const cells of rows) this.sheet.addRow(cells.map(guardCell)).commit();
    return this.settle();
  }

  async end(): Promise<void> {
    this.sheet.commit();
    // The zip's end waits for the client to take the rest: a client leaving now would hold it forever.
    const left = new Promise<void>((resolve) => this.signal.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([this.book.commit(), left]);
    if (this.signal.aborted) this.abort();
  }

  abort(): void {
    // The archiver behind the workbook (exceljs keeps it as `zip`) holds a deflate stream and the
    // sheet's pending XML; abort() ends its queue and frees them.
    (this.book as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
  }

  /** Waits until the client has taken the output and the zip has caught up with the sheet. */
  private async settle(): Promise<void> {
    for (;;) {
      if (this.signal.aborted || this.out.destroyed) return;
      if (this.out.writableNeedDrain) {
        await drained(this.out, this.signal);
        continue;
      }
      const backlog = sheetBacklog(this.sheet);
      if (backlog === null || backlog <= SHEET_BACKLOG_MAX_BYTES) return;
      // The input says 'drain' once the zip has taken all but its last chunk (exceljs ignored its
      // "full" answers, so it owes one); the timeout covers a drain that was already said.
      const input = sheetInput(this.sheet)!;
      const timeout = AbortSignal.any([this.signal, AbortSignal.timeout(BACKLOG_WAIT_MS)]);
      await once(input, 'drain', { signal: timeout }).catch(() => undefined);
    }
  }
}
