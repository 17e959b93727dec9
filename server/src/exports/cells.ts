/** One cell of an exported row: text, a number, or empty. */
export type Cell = string | number | null;

export type ExportLanguage = 'en' | 'zh';

/** A column of an export: its header in English and Chinese (the request's language picks one). */
export interface ExportColumn<R> {
  en: string;
  zh: string;
  /** Width in characters in the xlsx (CSV has none). */
  width?: number;
  /** The cell; `lang` for words written out (yes / no, leave / stay). */
  value(row: R, lang: ExportLanguage): Cell;
}

// Spreadsheet formula injection (OWASP "CSV injection"): a cell a user could have typed that starts
// with one of these is read as a formula by Excel or LibreOffice when the file is opened (CSV) or
// the cell edited (xlsx). Tab and carriage return also start formulas in some of them.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text cells that would start a formula get a leading `'` (ADR 028), shown as typed and never
 * evaluated. Numbers are written as numbers, so a negative longitude stays a number.
 */
export function guardCell(value: Cell): Cell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
