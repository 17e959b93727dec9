import type { Writable } from 'node:stream';
import { guardCell, type Cell } from './cells';
import type { SheetWriter } from './sheet-writer';
import { writeWithBackpressure } from './backpressure';

/** UTF-8 byte order mark: without it Excel reads a CSV in the machine's legacy code page, and
 *  Chinese names come out garbled. */
const BOM = '\uFEFF';

/** RFC 4180: a field with a quote, comma, CR or LF is quoted, quotes doubled; lines end in CRLF. */
export function csvField(value: Cell): string {
  const guarded = guardCell(value);
  if (guarded === null) return '';
  const text = String(guarded);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** CSV written by hand: each batch becomes one chunk, and the next waits while the socket is full. */
export class CsvSheet implements SheetWriter {
  // About 3 KB of garbage per row: 1,000 rows are a few MB.
  readonly batchRows = 1_000;

  constructor(
    private readonly out: Writable,
    private readonly signal: AbortSignal,
  ) {}

  header(cells: readonly string[]): Promise<void> {
    return writeWithBackpressure(this.out, BOM + csvLine(cells), this.signal);
  }

  rows(rows: readonly (readonly Cell[])[]): Promise<void> {
    return writeWithBackpressure(this.out, rows.map(csvLine).join(''), this.signal);
  }

  async end(): Promise<void> {
    await new Promise<void>((resolve) => this.out.end(resolve));
  }

  abort(): void {
    // Nothing but the output stream, which the export destroys.
  }
}
