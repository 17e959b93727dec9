import { useState } from 'react';
import type { TableQuery } from '../kit/tableTypes';

/**
 * A table's query state. When the filters change the page goes back to 1, so a search never
 * lands on a page past its own end.
 */
export function useTableQuery<F extends Record<string, string>>(initial: TableQuery<F>) {
  const [query, setQuery] = useState<TableQuery<F>>(initial);
  const setFilter = (name: keyof F, value: string) => setQuery((q) => ({ ...q, page: 1, filters: { ...q.filters, [name]: value } }));
  return { query, setQuery, setFilter };
}
