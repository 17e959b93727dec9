import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton, useListResult } from '@ptt/ui';
import { NS, RecordsPage, useFormat, useRecordView } from '../core';
import { SOS_SPEC, sosExportPath, useRecordsSosQuery } from './api';
import { sosColumns } from './columns';

/** /main/record/sos: who raised SOS, where, who closed it and when. */
export function SosRecords() {
  const { t } = useTranslation(NS, { keyPrefix: 'sos' });
  const f = useFormat();
  const { view, query, change, onQueryChange } = useRecordView(SOS_SPEC);
  // Every page is asked again when shown: rows arrive at the top and move the later pages.
  const list = useListResult(useRecordsSosQuery({ mine: view.mine, table: query }, { refetchOnMountOrArgChange: true }));
  const columns = useMemo(() => sosColumns(t, f), [t, f]);
  return (
    <RecordsPage
      title={view.mine ? t('titleMine') : t('title')}
      spec={SOS_SPEC}
      view={view}
      change={change}
      query={query}
      onQueryChange={onQueryChange}
      columns={columns}
      list={list}
      rowId={(r) => r.id}
      rowTestId={(r) => `sos-record-${r.id}`}
      actions={<ExportButton path={sosExportPath(view.mine)} query={query} baseName="sos-records" />}
      columnsKey="recordsSos"
    />
  );
}
