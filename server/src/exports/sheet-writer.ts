import type { Cell } from './cells';

/** A file format of the exports: rows go in batch by batch, each call waits for the client. */
export interface SheetWriter {
  /** Rows per statement: what the format allocates writing them fits one young-generation cycle. */
  readonly batchRows: number;
  header(cells: readonly string[]): Promise<void>;
  /** Resolves when the next batch may be read: the client has taken most of what was written. */
  rows(rows: readonly (readonly Cell[])[]): Promise<void>;
  /** Completes the file (the xlsx's closing parts) and ends the stream. */
  end(): Promise<void>;
  /** The client left or reading failed: let go of what the format holds (the zip's streams). */
  abort(): void;
}
