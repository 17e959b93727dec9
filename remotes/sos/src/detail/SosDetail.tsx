import { Suspense, lazy, useState } from 'react';
import {
  Badge,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title3,
  Toolbar,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CallRegular, ChatRegular, CheckmarkRegular, DismissCircleRegular, HeadphonesSoundWaveRegular, LocationRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ConsoleAction, SosRecord } from '@ptt/contracts';
import { COMMON_NS, errorKey } from '@ptt/ui';
import { formatPosition, formatTime, formatWaited, memberName, useAckSosMutation, useNow } from '../core';
import type { QueueEntry } from '../queue/queue';
import { NS } from '../strings';
import { CloseSosDialog } from './CloseSosDialog';
import { handToConsole, type ConsoleOutcome } from './consoleLink';
import { ListenPanel } from './ListenPanel';
import { Timeline } from './Timeline';
import { useListen } from './useListen';

// The map (Leaflet and its tiles) loads only when someone locates.
const LocateMap = lazy(() => import('./LocateMap'));

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, alignContent: 'start' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  toolbar: { flexWrap: 'wrap', paddingInline: 0 },
  clock: { fontVariantNumeric: 'tabular-nums' },
});

export interface SosDetailProps {
  entry: QueueEntry;
  /** Our acknowledge or close answered: the queue shows it before the frame comes. */
  onRecord: (record: SosRecord) => void;
}

/** One open SOS: its facts, what can be done about it, and its timeline. Keyed by the SOS. */
export function SosDetail({ entry, onRecord }: SosDetailProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'detail' });
  const { t: all } = useTranslation(NS);
  const { t: common } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const now = useNow();
  const [ack, ackState] = useAckSosMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [handed, setHanded] = useState<ConsoleOutcome | null>(null);
  const [locating, setLocating] = useState(false);
  const [closing, setClosing] = useState(false);
  const listen = useListen(entry.deviceId);
  const name = memberName(entry.nickname, entry.account);
  const listening = listen.phase.phase !== 'idle';

  const acknowledge = () => {
    setFailure(null);
    ack(entry.id)
      .unwrap()
      .then(onRecord)
      .catch((e: unknown) => setFailure(errorKey(e)));
  };
  const toConsole = (action: ConsoleAction) => {
    setHanded(null);
    void handToConsole(action, entry.uid).then(setHanded);
  };

  return (
    <section className={styles.root} aria-labelledby="sos-detail-title" data-testid="sos-detail" data-sos-id={String(entry.id)}>
      <Title3 as="h2" id="sos-detail-title">
        {t('heading', { name })}{' '}
        {entry.escalatedAt !== null && (
          <Badge color="danger" appearance="filled">
            {t('escalatedAt', { time: formatTime(entry.escalatedAt, i18n.language) })}
          </Badge>
        )}
      </Title3>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('member')}</dt>
        <dd className={styles.value}>{name}</dd>
        <dt className={styles.term}>{t('device')}</dt>
        <dd className={styles.value}>{entry.device ?? all('queue.noDevice')}</dd>
        <dt className={styles.term}>{t('position')}</dt>
        <dd className={styles.value}>{formatPosition(entry.lat, entry.lng) ?? all('queue.noPosition')}</dd>
        <dt className={styles.term}>{t('started')}</dt>
        <dd className={styles.value}>{formatTime(entry.startedAt, i18n.language)}</dd>
        <dt className={styles.term}>{t('waited')}</dt>
        <dd className={mergeClasses(styles.value, styles.clock)}>{formatWaited(entry.startedAt, now)}</dd>
        <dt className={styles.term}>{t('acknowledged')}</dt>
        <dd className={styles.value} data-testid="sos-acked-by">
          {entry.ackedAt
            ? t('ackedAt', { name: entry.ackedBy?.nickname ?? '—', time: formatTime(entry.ackedAt, i18n.language) })
            : all('queue.notAcked')}
        </dd>
      </dl>

      <Toolbar aria-label={t('actions', { name })} className={styles.toolbar}>
        {entry.ackedAt === null && (
          <Button appearance="primary" icon={ackState.isLoading ? <Spinner size="tiny" /> : <CheckmarkRegular />} disabled={ackState.isLoading} onClick={acknowledge}>
            {t('acknowledge')}
          </Button>
        )}
        <Button icon={<LocationRegular />} aria-pressed={locating} onClick={() => setLocating(!locating)}>
          {locating ? t('hideMap') : t('locate')}
        </Button>
        <Button
          icon={<HeadphonesSoundWaveRegular />}
          disabled={entry.deviceId === null || listening}
          aria-describedby={entry.deviceId === null ? 'sos-listen-reason' : undefined}
          onClick={listen.start}
        >
          {t('listen')}
        </Button>
        <Button icon={<CallRegular />} onClick={() => toConsole('call')}>
          {t('call')}
        </Button>
        <Button icon={<ChatRegular />} onClick={() => toConsole('chat')}>
          {t('chat')}
        </Button>
        <Button icon={<DismissCircleRegular />} onClick={() => setClosing(true)}>
          {t('close')}
        </Button>
      </Toolbar>
      {entry.deviceId === null && <Caption1 id="sos-listen-reason">{t('noDeviceReason')}</Caption1>}

      <div role="alert">
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{common(failure)}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div role="status">
        {handed && (
          <MessageBar intent={handed === 'blocked' ? 'warning' : 'info'}>
            <MessageBarBody>{t(handed === 'console' ? 'handedToConsole' : handed === 'opened' ? 'consoleOpened' : 'popupBlocked')}</MessageBarBody>
          </MessageBar>
        )}
      </div>

      <ListenPanel listen={listen} name={name} />
      {locating && (
        <Suspense fallback={<Spinner size="small" label={all('map.loading')} />}>
          <LocateMap entry={entry} />
        </Suspense>
      )}
      <Timeline sosId={entry.id} />
      {closing && (
        <CloseSosDialog
          entry={entry}
          onClose={() => setClosing(false)}
          onClosed={(record) => {
            setClosing(false);
            onRecord(record);
          }}
        />
      )}
    </section>
  );
}

/** The detail pane with nothing chosen. */
export function NoSelection() {
  const { t } = useTranslation(NS, { keyPrefix: 'detail' });
  return <Text>{t('choose')}</Text>;
}
