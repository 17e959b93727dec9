import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton, useListResult } from '@ptt/ui';
import { NS, RecordsPage, useFormat, useRecordView } from '../core';
import { LOGIN_SPEC, loginExportPath, useRecordsLoginsQuery } from './api';
import { loginColumns, useLoginStyles } from './columns';

/** /main/record/login: who logged in, from which device, where and from which address. */
export function LoginRecords() {
  const { t } = useTranslation(NS, { keyPrefix: 'login' });
  const f = useFormat();
  const styles = useLoginStyles();
  const { view, query, change, onQueryChange } = useRecordView(LOGIN_SPEC);
  // Every page is asked again when shown: rows arrive at the top and move the later pages.
  const list = useListResult(useRecordsLoginsQuery({ mine: view.mine, table: query }, { refetchOnMountOrArgChange: true }));
  const columns = useMemo(() => loginColumns(t, f, styles.place), [t, f, styles.place]);
  return (
    <RecordsPage
      title={view.mine ? t('titleMine') : t('title')}
      spec={LOGIN_SPEC}
      view={view}
      change={change}
      query={query}
      onQueryChange={onQueryChange}
      columns={columns}
      list={list}
      rowId={(r) => r.id}
      rowTestId={(r) => `login-record-${r.id}`}
      actions={<ExportButton path={loginExportPath(view.mine)} query={query} baseName="login-records" />}
      columnsKey="recordsLogin"
    />
  );
}
