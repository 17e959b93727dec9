import { useState } from 'react';
import { MessageBar, MessageBarBody, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAlarm } from '../alarm/useAlarm';
import { useCountBadge } from '../badge/useCountBadge';
import { ClosedTab } from '../closed/ClosedTab';
import { useCan } from '../core';
import { NoSelection, SosDetail } from '../detail/SosDetail';
import { useEmbedWaiting } from '../embed/useEmbedWaiting';
import { SosQueue } from '../queue/SosQueue';
import { useOpenQueue } from '../queue/useOpenQueue';
import { SettingsDialog } from '../settings/SettingsDialog';
import { NS } from '../strings';
import { LostLink } from './LostLink';
import { PageHeader } from './PageHeader';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXL, minHeight: '100vh', boxSizing: 'border-box' },
  open: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  pane: { minWidth: 0, overflowX: 'auto' },
});

type TabId = 'open' | 'closed';

/** /sosManagement: for staff who handle SOS; everyone else is told they may not. */
export function SosPage() {
  const { t } = useTranslation(NS);
  const handles = useCan('sos.handle');
  const styles = useStyles();
  if (!handles) {
    return (
      <div className={styles.root}>
        <PageHeader />
        <MessageBar intent="warning">
          <MessageBarBody>{t('noPermission')}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  return <StaffPage />;
}

function StaffPage() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const mayConfigure = useCan('sos.settings');
  const queue = useOpenQueue();
  const alarm = useAlarm(queue.entries);
  const [tab, setTab] = useState<TabId>('open');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [settings, setSettings] = useState<'closed' | 'open' | 'saved'>('closed');
  const count = queue.entries.length;
  // Until the first read lands the count is not known: '0' would say nobody waits.
  const known = queue.loaded || count > 0;
  useCountBadge(count, t('title'));
  useEmbedWaiting(count, known);
  // A closed SOS leaves the queue, and the pane with it.
  const selected = queue.entries.find((e) => e.id === selectedId) ?? null;

  return (
    <div className={styles.root}>
      <PageHeader count={known ? count : null} alarm={alarm} onSettings={mayConfigure ? () => setSettings('open') : undefined} />
      <LostLink />
      {settings === 'saved' && (
        <MessageBar intent="success">
          <MessageBarBody>{t('settings.saved')}</MessageBarBody>
        </MessageBar>
      )}
      <Text>{t('intro')}</Text>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as TabId)} aria-label={t('tabs.label')}>
        <Tab value="open">{t('tabs.open')}</Tab>
        <Tab value="closed">{t('tabs.closed')}</Tab>
      </TabList>
      {tab === 'open' ? (
        <div className={styles.open} role="tabpanel" aria-label={t('tabs.open')}>
          <div className={styles.pane}>
            <SosQueue queue={queue} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
          </div>
          <div className={styles.pane} aria-label={t('detail.label')} role="region">
            {selected ? <SosDetail key={selected.id} entry={selected} onRecord={queue.apply} /> : <NoSelection />}
          </div>
        </div>
      ) : (
        <div role="tabpanel" aria-label={t('tabs.closed')}>
          <ClosedTab />
        </div>
      )}
      {settings === 'open' && <SettingsDialog onClose={() => setSettings('closed')} onSaved={() => setSettings('saved')} />}
    </div>
  );
}
