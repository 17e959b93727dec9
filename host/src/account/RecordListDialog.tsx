import { DataTable, ViewDialog, useListResult, useTableQuery } from '@ptt/ui';
import type { DataColumn, ListResult, TableQuery } from '@ptt/ui';
import { useTranslation } from 'react-i18next';
import { RECORD_PAGE_SIZE } from './recordsApi';
import { NS } from './strings';

export interface RecordListDialogProps<T> {
  title: string;
  columns: DataColumn<T>[];
  /** The list's query hook (newest first, ten a page). */
  useList: (query: TableQuery) => ListResult<T>;
  sort: string;
  rowKey: (row: T) => number;
  onClose: () => void;
}

/** One of the user's own record lists in a dialog, newest first. */
export function RecordListDialog<T>({ title, columns, useList, sort, rowKey, onClose }: RecordListDialogProps<T>) {
  const { t } = useTranslation(NS);
  const { query, setQuery } = useTableQuery({ page: 1, size: RECORD_PAGE_SIZE, sort, order: 'desc', filters: {} });
  const list = useListResult(useList(query));
  return (
    <ViewDialog title={title} onClose={onClose} wide>
      <DataTable label={title} columns={columns} {...list} rowId={rowKey} query={query} onQueryChange={setQuery} emptyText={t('records.empty')} />
    </ViewDialog>
  );
}
