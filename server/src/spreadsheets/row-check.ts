import type { z } from 'zod';
import { CELL_LIST_SEPARATORS, SHEET_ROLE_NAMES, type SheetImportResult, type SheetRowError } from '@ptt/contracts';
import { headerKey } from './xlsx-read';

const VALUE_MAX = 100;

/** Per-row problems of one import, reported in row order. */
export class RowErrors {
  private readonly list: SheetRowError[] = [];
  private readonly rows = new Set<number>();

  add(row: number, field: string, message: string, value?: string): void {
    this.list.push({ row, field, message, ...(value ? { value: value.slice(0, VALUE_MAX) } : {}) });
    this.rows.add(row);
  }

  has(row: number): boolean {
    return this.rows.has(row);
  }

  /** Rows with at least one problem. */
  get rowCount(): number {
    return this.rows.size;
  }

  sorted(): SheetRowError[] {
    return this.list.map((e, i) => [e, i] as const).sort((a, b) => a[0].row - b[0].row || a[1] - b[1]).map(([e]) => e);
  }
}

/**
 * Runs a contracts field schema on a cell; on failure records its first message (an i18n key such
 * as validation.nicknameTooLong) and returns undefined. `echo: false` keeps the cell text out of the
 * answer (passwords).
 */
export function check<S extends z.ZodType>(schema: S, value: unknown, errors: RowErrors, row: number, field: string, echo = true): z.output<S> | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // A failed parse always has an issue; the fallback only satisfies the type.
  errors.add(row, field, r.error.issues[0]?.message ?? 'serverCode.2004', echo && typeof value === 'string' ? value : undefined);
  return undefined;
}

/** A cell holding a list: split, trimmed, blanks dropped, duplicates (case-insensitive) dropped. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(CELL_LIST_SEPARATORS)) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

/** A role cell: blank is null; a number or a name of SHEET_ROLE_NAMES; anything else is undefined. */
export function parseRole(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  if (Number.isInteger(n)) return [0, 1, 50, 99].includes(n) ? n : undefined;
  return SHEET_ROLE_NAMES[headerKey(t)];
}

/** A level cell: blank is null; otherwise a number for levelSchema to judge (NaN fails it). */
export function levelInput(text: string): number | null {
  const t = text.trim();
  return t ? Number(t) : null;
}

export function result(total: number, counts: { created: number; updated: number; unchanged: number }, errors: RowErrors): SheetImportResult {
  return { total, ...counts, errors: errors.sorted() };
}

/** What the operation record keeps of an import. */
export function auditDetail(fileName: string, total: number, counts: { created: number; updated: number; unchanged: number }, errors: RowErrors): Record<string, unknown> {
  return { file: fileName, total, ...counts, errorRows: errors.rowCount };
}
