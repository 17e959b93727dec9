import { useState, useSyncExternalStore } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CallRegular, ChatRegular, CheckmarkRegular, ChevronLeftRegular, ChevronRightRegular, LocationRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { personalChatId } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { Siren } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { NS, focusMember, openChat, requestCall, useAppDispatch, useAppSelector } from '../core';
import { ackSos, closeSos } from './api';
import { formatDateTime, formatLatLng } from './format';
import { sosClosed, sosDismissed, sosEntryFromRecord, sosMute, sosShow, sosUpdated } from './slice';

const useStyles = makeStyles({
  // In the top right corner below the shell's header, away from the map's centre where the member
  // it focuses on is drawn.
  surface: {
    top: '64px',
    right: tokens.spacingHorizontalXXL,
    bottom: 'auto',
    left: 'auto',
    margin: 0,
    width: 'min(380px, calc(100vw - 48px))',
    borderTop: `4px solid ${tokens.colorPaletteRedBorder2}`,
  },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  escalated: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  // Across the whole width, wrapping: the surface is narrow.
  actions: { gridColumn: '1 / -1', justifySelf: 'stretch', display: 'flex', flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'flex-start' },
});

export interface SosDialogProps {
  api: ApiClient;
  bus: EventBus;
  siren: Siren;
}

/** The SOS alert: one open SOS at a time with a pager, its facts, the alarm and the actions. */
export function SosDialog({ api, bus, siren }: SosDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { sos, sosDialogOpen, sosShownId, sosMuted } = useAppSelector((s) => s.live);
  const sound = useSyncExternalStore(siren.subscribe, siren.getState);
  const [closing, setClosing] = useState(false);
  const [acking, setAcking] = useState(false);
  const session = useBusState(bus, 'session');
  const index = Math.max(0, sos.findIndex((s) => s.sosId === sosShownId));
  const entry = sos[index];
  if (!entry) return null;

  const name = entry.nickname || entry.account;
  const close = async () => {
    setClosing(true);
    try {
      await closeSos(api, entry.sosId);
      dispatch(sosClosed(entry.sosId));
      bus.publish('notify', { intent: 'success', key: `${NS}:live.sos.closed`, values: { name } });
    } catch (e) {
      // Someone else closed it first: it is gone either way.
      if (isApiError(e) && e.i18nKey === 'rule.sosAlreadyClosed') dispatch(sosClosed(entry.sosId));
      bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
    } finally {
      setClosing(false);
    }
  };
  const acknowledge = async () => {
    setAcking(true);
    try {
      // The answer names whoever acknowledged first (us, or someone a moment earlier).
      dispatch(sosUpdated(sosEntryFromRecord(await ackSos(api, entry.sosId))));
    } catch (e) {
      if (isApiError(e) && e.i18nKey === 'rule.sosAlreadyClosed') dispatch(sosClosed(entry.sosId));
      bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
    } finally {
      setAcking(false);
    }
  };
  const message = () => {
    if (!session) return;
    const chatId = personalChatId(session.ent.id, session.id, entry.uid);
    dispatch(openChat({ chatId, kind: 'personal', title: name, channelId: null, peerId: entry.uid }));
  };
  const step = (by: number) => dispatch(sosShow(sos[(index + by + sos.length) % sos.length]!.sosId));
  const position = entry.lat !== null && entry.lng !== null ? formatLatLng(entry.lat, entry.lng) : t('live.sos.noPosition');
  const acked = entry.ackedAt !== null;
  const handling = acked
    ? entry.ackedBy
      ? t('live.sos.ackedBy', { name: entry.ackedBy.nickname })
      : t('live.sos.acked')
    : entry.escalatedAt !== null
      ? t('live.sos.escalated')
      : t('live.sos.waiting');

  return (
    <Dialog modalType="non-modal" open={sosDialogOpen} onOpenChange={(_e, d) => !d.open && dispatch(sosDismissed())}>
      <DialogSurface className={styles.surface} role="alertdialog" aria-describedby="live-sos-facts" data-sound={sound} data-sos-id={entry.sosId} data-acked={acked}>
        <DialogBody>
          {/* No title close button: Fluent's is labelled in English only; Hide below does it. */}
          <DialogTitle action={null}>{t('live.sos.title', { name })}</DialogTitle>
          <DialogContent>
            <dl className={styles.facts} id="live-sos-facts">
              <dt className={styles.term}>{t('live.sos.member')}</dt>
              <dd className={styles.detail}>{t('live.sos.memberValue', { name, account: entry.account })}</dd>
              <dt className={styles.term}>{t('live.sos.time')}</dt>
              <dd className={styles.detail}>{formatDateTime(entry.startedAt)}</dd>
              <dt className={styles.term}>{t('live.sos.position')}</dt>
              <dd className={styles.detail}>{position}</dd>
              <dt className={styles.term}>{t('live.sos.handling')}</dt>
              <dd className={mergeClasses(styles.detail, !acked && entry.escalatedAt !== null && styles.escalated)} data-testid="live-sos-handling">
                {handling}
              </dd>
              {entry.device ? (
                <>
                  <dt className={styles.term}>{t('live.sos.device')}</dt>
                  <dd className={styles.detail}>{entry.device}</dd>
                </>
              ) : null}
            </dl>
            {sos.length > 1 ? (
              <div className={styles.pager}>
                <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label={t('live.sos.previous')} onClick={() => step(-1)} />
                <span>{t('live.sos.pager', { index: index + 1, count: sos.length })}</span>
                <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label={t('live.sos.next')} onClick={() => step(1)} />
              </div>
            ) : null}
            {sound === 'blocked' ? <p>{t('live.sos.soundBlocked')}</p> : null}
          </DialogContent>
          <DialogActions className={styles.actions}>
            {acked ? null : (
              <Button appearance="primary" icon={<CheckmarkRegular />} disabled={acking} onClick={() => void acknowledge()}>
                {t('live.sos.acknowledge')}
              </Button>
            )}
            <Button appearance={acked ? 'primary' : 'secondary'} disabled={closing} onClick={() => void close()}>
              {t('live.sos.close')}
            </Button>
            <Button icon={<LocationRegular />} onClick={() => dispatch(focusMember(entry.uid))}>
              {t('live.sos.locate')}
            </Button>
            <Button icon={<CallRegular />} onClick={() => dispatch(requestCall(entry.uid))}>
              {t('live.sos.call')}
            </Button>
            <Button icon={<ChatRegular />} onClick={message}>
              {t('live.sos.message')}
            </Button>
            {sound === 'blocked' ? (
              <Button icon={<Speaker2Regular />} onClick={() => siren.unlock()}>
                {t('live.sos.enableSound')}
              </Button>
            ) : (
              <ToggleButton checked={sosMuted} icon={sosMuted ? <SpeakerMuteRegular /> : <Speaker2Regular />} onClick={() => dispatch(sosMute(!sosMuted))}>
                {t('live.sos.mute')}
              </ToggleButton>
            )}
            <Button appearance="subtle" onClick={() => dispatch(sosDismissed())}>
              {t('live.sos.hide')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
