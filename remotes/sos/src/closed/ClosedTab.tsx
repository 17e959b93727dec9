import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useListResult, useTableQuery } from '@ptt/ui';
import { CLOSED_PAGE_SIZE, useClosedSosQuery, type ClosedFilters } from '../core';
import { NS } from '../strings';
import { closedColumns } from './closedColumns';

/** Closed SOS, newest closed first; the 'Sos' tag (every SosMsg) refreshes it. */
export function ClosedTab() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'closed' });
  const { query, setQuery } = useTableQuery<ClosedFilters>({ page: 1, size: CLOSED_PAGE_SIZE, sort: 'closedAt', order: 'desc', filters: { state: 'closed' } });
  const list = useListResult(useClosedSosQuery(query));
  const columns = useMemo(() => closedColumns(t, i18n.language), [t, i18n.language]);
  return (
    <DataTable
      label={t('label')}
      columns={columns}
      {...list}
      rowId={(r) => r.id}
      rowTestId={() => 'sos-closed-row'}
      query={query}
      onQueryChange={setQuery}
      emptyText={t('empty')}
      columnsKey="sos-closed"
      pageSizeChoice
    />
  );
}
