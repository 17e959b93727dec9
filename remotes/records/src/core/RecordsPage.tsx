import { Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type TableQuery, type useListResult } from '@ptt/ui';
import { NS } from './ns';
import { RecordFilters, type TypeOption } from './RecordFilters';
import type { RecordFilters as Filters, RecordView, ViewSpec } from './view';

export interface RecordsPageProps<T> {
  /** The page's heading, which also names the table. */
  title: string;
  spec: ViewSpec;
  view: RecordView;
  change: (patch: Partial<RecordView>) => void;
  query: TableQuery<Filters>;
  onQueryChange: (next: TableQuery<Filters>) => void;
  columns: DataColumn<T>[];
  list: ReturnType<typeof useListResult<T>>;
  rowId: (row: T) => number;
  rowTestId: (row: T) => string;
  types?: readonly TypeOption[];
  /** Beside the filters: the export. */
  actions?: ReactNode;
  /** Local storage key of the column choice. */
  columnsKey: string;
}

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/** One kind of record: heading, filters, the server's page of rows, and its actions. */
export function RecordsPage<T>(props: RecordsPageProps<T>) {
  const { title, spec, view, change, query, onQueryChange, columns, list, rowId, rowTestId, types, actions, columnsKey } = props;
  const { t } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  return (
    <section className={styles.root} aria-labelledby="records-title">
      <Title1 as="h1" block id="records-title">
        {title}
      </Title1>
      <DataTable
        label={title}
        columns={columns}
        {...list}
        rowId={rowId}
        rowTestId={rowTestId}
        query={query}
        onQueryChange={onQueryChange}
        emptyText={t('empty')}
        columnsKey={columnsKey}
        pageSizeChoice
        toolbar={
          <>
            <RecordFilters spec={spec} view={view} change={change} types={types} />
            {actions}
          </>
        }
      />
    </section>
  );
}
