import type { ReactNode } from 'react';

export type RowId = string | number;
export type SortOrder = 'asc' | 'desc';

/** One column: its header text (already translated) and how a row shows in it. */
export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort field; only columns with one can be sorted. */
  sortKey?: string;
  /** Always shown (a name, the row actions): not offered in the column choice. */
  required?: boolean;
  /** Off until the user turns it on in the column choice. */
  hiddenByDefault?: boolean;
  width?: number | string;
}

/** What the server is asked for: one page, one sort, the filters as query parameters. */
export interface TableQuery<F extends Record<string, string> = Record<string, string>> {
  page: number;
  size: number;
  sort?: string;
  order?: SortOrder;
  filters: F;
}

/** The query as `ApiClient` query parameters (empty filters left out, as the server expects). */
export function queryParams(q: TableQuery): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = { page: q.page, size: q.size, sort: q.sort, order: q.order };
  for (const [k, v] of Object.entries(q.filters)) out[k] = v === '' ? undefined : v;
  return out;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}
