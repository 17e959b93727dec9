import { Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SosEvent } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { formatTime, useSosEventsQuery } from '../core';
import { NS } from '../strings';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  item: { display: 'grid', gridTemplateColumns: 'minmax(9em, auto) 1fr', gap: tokens.spacingHorizontalM },
  when: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
});

/** What happened to one SOS, in order (GET /api/sos/{id}/events; refetched with every SosMsg). */
export function Timeline({ sosId }: { sosId: number }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'timeline' });
  const { t: common } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { data, isLoading, error } = useSosEventsQuery(sosId);

  const text = (e: SosEvent): string => {
    const name = e.by?.nickname ?? t('someone');
    switch (e.type) {
      case 'raised':
        return t('raised');
      case 'moved':
        return t('moved');
      case 'acknowledged':
        return t('acknowledged', { name });
      case 'escalated':
        return e.note ? t('escalated', { seconds: e.note }) : t('escalatedPlain');
      case 'closed':
        return e.note ? `${t('closed', { name })}. ${t('closedNote', { note: e.note })}` : t('closed', { name });
    }
  };

  return (
    <section aria-label={t('label')}>
      <Text as="h3" weight="semibold" block>
        {t('label')}
      </Text>
      {isLoading ? (
        <Spinner size="tiny" label={t('loading')} />
      ) : error || !data ? (
        <Caption1>{common('client.infoLoadFailed')}</Caption1>
      ) : data.length === 0 ? (
        <Caption1>{t('empty')}</Caption1>
      ) : (
        <ol className={styles.list} data-testid="sos-timeline">
          {data.map((e) => (
            <li key={e.id} className={styles.item} data-type={e.type}>
              <Caption1 className={styles.when}>{formatTime(e.at, i18n.language)}</Caption1>
              <Text>{text(e)}</Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
