import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolCheckin, PatrolRun } from '@ptt/contracts';
import { DataTable, ExportButton, useListResult, type DataColumn, type ListResult, type RowId, type TableQuery } from '@ptt/ui';
import { NS } from '../core/ns';
import { CHECKINS_EXPORT_PATH, RUNS_EXPORT_PATH, usePatrolCheckinsQuery, usePatrolRunsQuery } from './api';
import { checkinColumns, runColumns } from './columns';
import { DeleteRecords } from './DeleteRecords';
import { RecordFilters } from './Filters';
import { useTimeFormat } from './format';
import { useAllowed } from './services';
import type { CheckinFilters, RecordList, RecordView, RunFilters } from './view';

const useStyles = makeStyles({ actions: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalM } });

interface ListProps<F extends Record<string, string>> {
  view: RecordView;
  query: TableQuery<F>;
  change: (patch: Partial<RecordView>) => void;
  onQueryChange: (next: TableQuery<Record<string, string>>) => void;
}

/** Runs: task, planned start, status, results, duration flag, members; a row opens its replay. */
export function RunList({ onOpen, ...props }: ListProps<RunFilters> & { onOpen: (run: PatrolRun) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const { time } = useTimeFormat();
  const columns = useMemo(() => runColumns(t, time, onOpen), [t, time, onOpen]);
  // Every page is asked again when shown: new runs arrive at the top and move the later pages.
  const result = usePatrolRunsQuery(props.query, { refetchOnMountOrArgChange: true });
  return (
    <RecordTable<PatrolRun, RunFilters>
      {...props}
      list="runs"
      label={t('runsTable')}
      columns={columns}
      result={result}
      rowTestId={(r) => `patrol-run-${r.id}`}
      rowData={(r) => ({ 'data-status': r.status })}
      exportPath={RUNS_EXPORT_PATH}
      baseName="patrol-runs"
    />
  );
}

/** Check-ins: member, node, task, time, method, result. */
export function CheckinList(props: ListProps<CheckinFilters>) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const { time } = useTimeFormat();
  const columns = useMemo(() => checkinColumns(t, time), [t, time]);
  const result = usePatrolCheckinsQuery(props.query, { refetchOnMountOrArgChange: true });
  return (
    <RecordTable<PatrolCheckin, CheckinFilters>
      {...props}
      list="checkins"
      label={t('checkinsTable')}
      columns={columns}
      result={result}
      rowTestId={(r) => `patrol-checkin-${r.id}`}
      rowData={(r) => ({ 'data-result': r.result })}
      exportPath={CHECKINS_EXPORT_PATH}
      baseName="patrol-checkins"
    />
  );
}

interface TableProps<T, F extends Record<string, string>> extends ListProps<F> {
  list: RecordList;
  label: string;
  columns: DataColumn<T>[];
  result: ListResult<T>;
  rowTestId: (row: T) => string;
  rowData: (row: T) => Record<`data-${string}`, string>;
  exportPath: string;
  baseName: string;
}

/** One record list: filters, export, the server's page, and deletion of the selected rows for managers. */
function RecordTable<T extends { id: number }, F extends Record<string, string>>({
  list,
  label,
  view,
  query,
  change,
  onQueryChange,
  columns,
  result,
  rowTestId,
  rowData,
  exportPath,
  baseName,
}: TableProps<T, F>) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const styles = useStyles();
  const rows = useListResult(result);
  const mayDelete = useAllowed('patrol.log.delete');
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [deleted, setDeleted] = useState<number | null>(null);
  // Another page or filter is other rows: what was selected is no longer in sight.
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelected(new Set()), [queryKey]);
  let actions: ReactNode = <ExportButton path={exportPath} query={query} baseName={baseName} />;
  if (mayDelete) {
    actions = (
      <div className={styles.actions}>
        {actions}
        <DeleteRecords
          list={list}
          selected={selected}
          onDeleted={(count) => {
            setSelected(new Set());
            setDeleted(count);
          }}
        />
      </div>
    );
  }
  return (
    <>
      <DataTable<T, F>
        label={label}
        columns={columns}
        {...rows}
        rowId={(r) => r.id}
        rowTestId={rowTestId}
        rowData={rowData}
        query={query}
        onQueryChange={onQueryChange}
        emptyText={t('empty')}
        columnsKey={list === 'runs' ? 'patrolRuns' : 'patrolCheckins'}
        pageSizeChoice
        selection={mayDelete ? { selected, onChange: setSelected } : undefined}
        toolbar={
          <>
            <RecordFilters view={view} change={change} />
            {actions}
          </>
        }
      />
      {deleted !== null && (
        <Body1 role="status" data-testid="patrol-records-deleted">
          {t('delete.done', { count: deleted })}
        </Body1>
      )}
    </>
  );
}
