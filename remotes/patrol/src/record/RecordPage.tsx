import { Tab, TabList, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolRun } from '@ptt/contracts';
import { NS } from '../core/ns';
import { CheckinList, RunList } from './RecordLists';
import { RunDetailDialog } from './RunDetailDialog';
import { useRecordView } from './useRecordView';
import { RECORD_LISTS, type RecordList } from './view';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/** The record section of patrol (ADR 029): runs and check-ins, filtered in the URL, a run replayed on the map. */
export function RecordPage() {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const styles = useStyles();
  const { view, runs, checkins, change, show, onQueryChange } = useRecordView();
  const [open, setOpen] = useState<PatrolRun | null>(null);
  const onOpen = useCallback((run: PatrolRun) => setOpen(run), []);
  return (
    <section className={styles.root} aria-labelledby="patrol-records-title">
      <Title1 as="h1" block id="patrol-records-title">
        {t('title')}
      </Title1>
      <TabList selectedValue={view.list} onTabSelect={(_e, d) => show(d.value as RecordList)} aria-label={t('lists.label')}>
        {RECORD_LISTS.map((list) => (
          <Tab key={list} value={list}>
            {t(`lists.${list}`)}
          </Tab>
        ))}
      </TabList>
      {view.list === 'runs' ? (
        <RunList view={view} query={runs} change={change} onQueryChange={onQueryChange} onOpen={onOpen} />
      ) : (
        <CheckinList view={view} query={checkins} change={change} onQueryChange={onQueryChange} />
      )}
      {open && <RunDetailDialog run={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
