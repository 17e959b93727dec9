import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  Text,
  makeStyles,
  tokens,
  useArrowNavigationGroup,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { ColumnChoice } from './ColumnChoice';
import { Pager } from './Pager';
import { useColumnChoice } from './useColumnChoice';
import { TableRows } from './TableRows';
import type { DataColumn, RowId, TableQuery } from './tableTypes';

export interface RowSelection {
  selected: ReadonlySet<RowId>;
  onChange: (next: Set<RowId>) => void;
}

export interface DataTableProps<T, F extends Record<string, string> = Record<string, string>> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<T>[];
  /** undefined while the first page loads. */
  rows: readonly T[] | undefined;
  total: number;
  /** The server stopped counting: `total` is its cap plus one ("more than total - 1"). */
  capped?: boolean;
  rowId: (row: T) => RowId;
  query: TableQuery<F>;
  onQueryChange: (next: TableQuery<F>) => void;
  /** A later page or a refetch is on its way; the rows shown stay until it lands. */
  loading?: boolean;
  /** The failure's text; the table keeps what it had and offers a retry. */
  error?: string | null;
  onRetry?: () => void;
  emptyText?: string;
  /** Local storage key of the column choice; without it no choice is kept. */
  columnsKey?: string;
  selection?: RowSelection;
  /** Filters and actions above the table. */
  toolbar?: ReactNode;
  /** What can be done with the selected rows; shown while some are selected. */
  batchActions?: ReactNode;
  /** Lets the user pick the page size. */
  pageSizeChoice?: boolean;
  rowTestId?: (row: T) => string;
  /** `data-*` attributes of a row (its state, for styles and tests). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** Long pages scroll inside this height with only the visible rows rendered. */
  maxHeight?: number;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  batch: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  scroll: { overflow: 'auto' },
  empty: { display: 'block', padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/**
 * The one list of the console: a server page at a time, sorted and filtered by the server, with
 * loading, empty and failed states, a column choice, row selection for batch actions, arrow-key
 * movement between its controls, and virtual rows so a 100-row page stays light.
 */
export function DataTable<T, F extends Record<string, string> = Record<string, string>>(props: DataTableProps<T, F>) {
  const { label, columns, rows, total, capped = false, rowId, query, onQueryChange, loading, error, onRetry, emptyText, columnsKey } = props;
  const { selection, toolbar, batchActions, pageSizeChoice, rowTestId, rowData, maxHeight = 560 } = props;
  const { t } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { visible, hidden, toggle } = useColumnChoice(columns, columnsKey);
  const arrows = useArrowNavigationGroup({ axis: 'grid' });
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  // Deleting the last row of the last page: show the page before instead of an empty one.
  const emptyPastEnd = rows !== undefined && rows.length === 0 && query.page > 1 && !loading;
  useEffect(() => {
    if (emptyPastEnd) onQueryChange({ ...query, page: query.page - 1 });
  }, [emptyPastEnd, onQueryChange, query]);

  const sortBy = (c: DataColumn<T>) => {
    if (!c.sortKey) return;
    const order = query.sort === c.sortKey && query.order === 'asc' ? 'desc' : 'asc';
    onQueryChange({ ...query, page: 1, sort: c.sortKey, order });
  };
  const pageIds = (rows ?? []).map(rowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const allState = selectedOnPage === 0 ? false : selectedOnPage === pageIds.length ? true : 'mixed';
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of pageIds) {
      if (allState === true) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };

  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        {toolbar}
        <span className={styles.grow} />
        <ColumnChoice columns={columns} hidden={hidden} onToggle={toggle} />
      </div>
      {selection && selection.selected.size > 0 && (
        <div className={styles.batch} role="group" aria-label={t('kit.selected', { count: selection.selected.size })}>
          <Text weight="semibold">{t('kit.selected', { count: selection.selected.size })}</Text>
          {batchActions}
          <Button appearance="subtle" onClick={() => selection.onChange(new Set())}>
            {t('kit.clearSelection')}
          </Button>
        </div>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
          {onRetry && (
            <MessageBarActions>
              <Button onClick={onRetry}>{t('kit.retry')}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {rows === undefined && !error && <Spinner size="small" label={t('kit.loading')} />}
      {rows !== undefined && rows.length === 0 && <Text className={styles.empty}>{emptyText ?? t('kit.empty')}</Text>}
      {rows !== undefined && rows.length > 0 && (
        <div ref={setScroller} className={styles.scroll} style={{ maxHeight }} aria-busy={loading ? true : undefined}>
          <Table aria-label={label} size="small" {...arrows}>
            <TableHeader>
              <TableRow>
                {selection && (
                  <TableSelectionCell
                    checked={allState}
                    onClick={toggleAll}
                    checkboxIndicator={{ 'aria-label': t('kit.selectAll') }}
                  />
                )}
                {visible.map((c) => (
                  <TableHeaderCell
                    key={c.id}
                    style={c.width !== undefined ? { width: c.width } : undefined}
                    sortable={Boolean(c.sortKey)}
                    sortDirection={c.sortKey && query.sort === c.sortKey ? (query.order === 'desc' ? 'descending' : 'ascending') : undefined}
                    onClick={c.sortKey ? () => sortBy(c) : undefined}
                  >
                    {c.header}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows
                rows={rows}
                maxHeight={maxHeight}
                render={(row) => {
                  const id = rowId(row);
                  const isSelected = selection?.selected.has(id) ?? false;
                  return (
                    <TableRow key={id} {...rowData?.(row)} data-testid={rowTestId?.(row)} aria-selected={selection ? isSelected : undefined}>
                      {selection && (
                        <TableSelectionCell
                          checked={isSelected}
                          onClick={() => {
                            const next = new Set(selection.selected);
                            if (isSelected) next.delete(id);
                            else next.add(id);
                            selection.onChange(next);
                          }}
                          checkboxIndicator={{ 'aria-label': t('kit.selectRow') }}
                        />
                      )}
                      {visible.map((c) => (
                        <TableCell key={c.id}>{c.cell(row)}</TableCell>
                      ))}
                    </TableRow>
                  );
                }}
                columnCount={visible.length + (selection ? 1 : 0)}
                scroller={scroller}
              />
            </TableBody>
          </Table>
        </div>
      )}
      {rows !== undefined && total > 0 && (
        <Pager
          label={label}
          page={query.page}
          size={query.size}
          total={total}
          capped={capped}
          lastPage={capped && rows.length < query.size}
          onPage={(page) => onQueryChange({ ...query, page })}
          onSize={pageSizeChoice ? (size) => onQueryChange({ ...query, page: 1, size }) : undefined}
        />
      )}
    </div>
  );
}
