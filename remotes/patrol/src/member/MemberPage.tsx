import { Checkbox, Field, SearchBox, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useListResult, useTableQuery } from '@ptt/ui';
import { NS, usePatrolAllTasksQuery } from '../core';
import { MEMBER_PAGE_SIZE, MEMBER_REFRESH_MS, usePatrolMembersQuery, type MemberFilters } from './api';
import { memberColumns } from './columns';
import { MemberMap } from './MemberMap';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 440px)', gap: tokens.spacingHorizontalL, alignItems: 'start', '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** /main/patrol/member: who patrols, their current run and progress, live on a map. */
export function MemberPage() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'member' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  const { query, setQuery, setFilter } = useTableQuery<MemberFilters>({ page: 1, size: MEMBER_PAGE_SIZE, sort: 'nickname', order: 'asc', filters: { q: '', taskId: '', active: '' } });
  // Check-ins refetch it through the PatrolRun tag (ws/patrol); positions need the timer.
  const result = usePatrolMembersQuery(query, { pollingInterval: MEMBER_REFRESH_MS, skipPollingIfUnfocused: true });
  const list = useListResult(result);
  const tasks = usePatrolAllTasksQuery().data?.items;
  const [selectedUid, setSelectedUid] = useState<number | null>(null);
  const rows = result.data?.items;
  // The chosen member while on the page; else the first on a run, so the map shows a run when there is one.
  const selected = rows?.find((m) => m.uid === selectedUid) ?? rows?.find((m) => m.currentRun) ?? rows?.[0] ?? null;

  const columns = useMemo(
    () => memberColumns({ t, tc, language: i18n.language, selectedUid: selected?.uid ?? null, onSelect: (m) => setSelectedUid(m.uid) }),
    [t, tc, i18n.language, selected?.uid],
  );

  return (
    <section aria-labelledby="patrol-member-title" className={styles.page}>
      <Title1 as="h1" block id="patrol-member-title">
        {t('title')}
      </Title1>
      <Text>{t('intro')}</Text>
      <div className={styles.body}>
        <DataTable
          label={t('listLabel')}
          columns={columns}
          {...list}
          rowId={(m) => m.uid}
          rowTestId={(m) => `member-${m.uid}`}
          rowData={(m) => ({ 'data-online': String(m.online), 'data-on-run': String(m.currentRun !== null) })}
          query={query}
          onQueryChange={setQuery}
          emptyText={t('empty')}
          columnsKey="patrol-members"
          pageSizeChoice
          toolbar={
            <>
              <Field label={t('search')}>
                <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
              </Field>
              <Field label={t('taskFilter')}>
                <Select value={query.filters.taskId} onChange={(_e, d) => setFilter('taskId', d.value)}>
                  <option value="">{t('all')}</option>
                  {(tasks ?? []).map((task) => (
                    <option key={task.id} value={String(task.id)}>
                      {task.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkbox label={t('activeFilter')} checked={query.filters.active === 'true'} onChange={(_e, d) => setFilter('active', d.checked === true ? 'true' : '')} />
            </>
          }
        />
        <MemberMap members={rows ?? []} selected={selected} onSelect={setSelectedUid} />
      </div>
    </section>
  );
}
