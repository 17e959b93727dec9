import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATION_TYPES, operationName } from '@ptt/contracts';
import { ExportButton, useListResult } from '@ptt/ui';
import { NS, RecordsPage, useFormat, useRecordView } from '../core';
import { OPERATION_SPEC, operationExportPath, useRecordsOperationsQuery } from './api';
import { operationColumns } from './columns';

/** /main/record/operation: every change made in the organisation, by whom, from where. */
export function OperationRecords() {
  const { t } = useTranslation(NS, { keyPrefix: 'operation' });
  const f = useFormat();
  const { view, query, change, onQueryChange } = useRecordView(OPERATION_SPEC);
  // Every page is asked again when shown: rows arrive at the top and move the later pages.
  const list = useListResult(useRecordsOperationsQuery({ mine: view.mine, table: query }, { refetchOnMountOrArgChange: true }));
  const columns = useMemo(() => operationColumns(t, f), [t, f]);
  const types = useMemo(
    () => OPERATION_TYPES.map((info, n) => ({ value: String(n), label: operationName(n, f.locale), group: t(`groups.${info.group}`) })),
    [t, f.locale],
  );
  return (
    <RecordsPage
      title={view.mine ? t('titleMine') : t('title')}
      spec={OPERATION_SPEC}
      view={view}
      change={change}
      query={query}
      onQueryChange={onQueryChange}
      columns={columns}
      list={list}
      rowId={(r) => r.id}
      rowTestId={(r) => `operation-record-${r.id}`}
      types={types}
      actions={<ExportButton path={operationExportPath(view.mine)} query={query} baseName="operation-records" />}
      columnsKey="recordsOperation"
    />
  );
}
