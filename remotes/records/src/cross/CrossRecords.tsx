import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FENCE_RULES } from '@ptt/contracts';
import { ExportButton, useListResult } from '@ptt/ui';
import { NS, RecordsPage, useFormat, useRecordView } from '../core';
import { CROSS_EXPORT_PATH, CROSS_SPEC, useRecordsFenceAlertsQuery } from './api';
import { crossColumns } from './columns';

/** /main/record/cross: members who left a fence or stayed in one, where and when. */
export function CrossRecords() {
  const { t } = useTranslation(NS, { keyPrefix: 'cross' });
  const f = useFormat();
  const { view, query, change, onQueryChange } = useRecordView(CROSS_SPEC);
  // Every page is asked again when shown: rows arrive at the top and move the later pages.
  const list = useListResult(useRecordsFenceAlertsQuery({ mine: false, table: query }, { refetchOnMountOrArgChange: true }));
  const columns = useMemo(() => crossColumns(t, f), [t, f]);
  const types = useMemo(() => FENCE_RULES.map((rule) => ({ value: rule, label: t(`types.${rule}`) })), [t]);
  return (
    <RecordsPage
      title={t('title')}
      spec={CROSS_SPEC}
      view={view}
      change={change}
      query={query}
      onQueryChange={onQueryChange}
      columns={columns}
      list={list}
      rowId={(r) => r.id}
      rowTestId={(r) => `cross-record-${r.id}`}
      types={types}
      actions={<ExportButton path={CROSS_EXPORT_PATH} query={query} baseName="cross-border-records" />}
      columnsKey="recordsCross"
    />
  );
}
