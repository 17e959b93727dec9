import { useEffect } from 'react';
import type { ChannelOutputSettings, RoomConnection } from '@ptt/media';
import { Badge, Caption1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { MicRegular, PersonVoiceRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, chatId as channelChatId } from '@ptt/contracts';
import type { FloorVia } from '@ptt/contracts';
import { createMediaClient } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { NS, useAppSelector, useCan, useConsole } from '../core';
import { HoldButton } from './HoldButton';
import { percentile } from './slice';
import { medianParts, mouthToEarOf } from './breakdown';
import type { PressNotice } from './slice';
import { usePttKey } from './usePttKey';
import { usePttPress } from './usePttPress';
import { usePttRoom } from './usePttRoom';
import type { CreateMediaClient } from './usePttRoom';

const useStyles = makeStyles({
  area: { display: 'grid', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  ptt: { minWidth: '120px', minHeight: '56px', fontSize: tokens.fontSizeBase500 },
  talker: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  figures: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
});

const round = (ms: number | null) => (ms === null ? null : Math.round(ms));

/** The line under a PTT button about its last press (the temporary channel rooms use it too). */
export function noticeText(t: (key: string, values?: Record<string, unknown>) => string, notice: PressNotice): string {
  switch (notice.kind) {
    case 'occupied':
      return notice.name ? t('ptt.notice.occupiedBy', { name: notice.name }) : t('common:rule.pttChannelOccupied');
    case 'maxDuration':
      return t('ptt.notice.maxDuration', { seconds: notice.seconds });
    case 'preempted':
      return t('ptt.notice.preempted', { name: notice.name });
    case 'ended':
      return t('ptt.notice.ended');
  }
}

/**
 * Who talks on the selected channel (`name` null: this console's user), and how the floor got
 * there: "via <channel>" when a patch carried it from the channel the talker pressed in, "all-call"
 * when a dispatcher's all-call did (ADR 024), as the watched tiles say it.
 */
export function talkerText(t: (key: string, values?: Record<string, unknown>) => string, name: string | null, via: FloorVia['kind'] | null, channel: string | null): string {
  if (via === 'allcall') return name === null ? t('ptt.talkerSelfAllCall') : t('ptt.talkerAllCall', { name });
  if (via === 'patch' && channel) return name === null ? t('ptt.talkerSelfVia', { channel }) : t('ptt.talkerVia', { name, channel });
  return name === null ? t('ptt.talkerSelf') : t('ptt.talker', { name });
}

/**
 * The console's push-to-talk: joins the selected channel's room, shows its state, who talks, the
 * PTT button (held on screen or with the custom key) and, for staff, force insert; the measured
 * access time and latency, and the channel's recent transmissions.
 */
export interface PttPanelProps {
  createClient?: CreateMediaClient;
  /** The selected channel's volume, mute and pan when it is also watched (src/watch). */
  output?: ChannelOutputSettings;
  /** Hears the selected channel's room as it is joined and left (its watch tile reads its level). */
  onRoom?: (room: RoomConnection | null) => void;
}

export function PttPanel({ createClient = createMediaClient, output, onRoom }: PttPanelProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api, bus, session } = useConsole();
  const staff = useCan('ptt.force');
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  const channelId = useAppSelector((s) => s.console.selectedChannelId);
  const chatId = session && channelId !== null ? channelChatId(session.ent.id, channelId) : null;
  const ptt = useAppSelector((s) => s.ptt);
  const selfUid = session?.id ?? null;

  const room = usePttRoom({
    media: ptt.media,
    token: session?.auth_token ?? null,
    chatId,
    microphoneId: settings.microphoneId || undefined,
    speakerId: settings.speakerId || undefined,
    createClient,
    bus,
    output,
  });
  useEffect(() => onRoom?.(room), [onRoom, room]);
  const { press, release, view } = usePttPress({ api, bus, chatId, room, selfUid, pressTimeMs: settings.pressTimeMs, maxDurationS: settings.pttMaxDurationS });
  usePttKey(settings.pttKey, press, release);

  const accessLast = ptt.accessMs.at(-1) ?? null;
  useEffect(() => {
    if (accessLast === null && ptt.roundTripMs === null && ptt.jitterBufferMs === null) return;
    bus.publish('ptt/stats', {
      samples: ptt.accessMs.length,
      accessLastMs: accessLast,
      accessMedianMs: percentile(ptt.accessMs, 0.5),
      accessP95Ms: percentile(ptt.accessMs, 0.95),
      roundTripMs: ptt.roundTripMs,
      jitterBufferMs: ptt.jitterBufferMs,
      ...(ptt.accessParts.length > 0 ? { accessParts: medianParts(ptt.accessParts) } : {}),
      mouthToEar: mouthToEarOf(ptt.media, ptt.roundTripMs, ptt.jitterBufferMs, ptt.playoutMs),
      updatedAt: Date.now(),
    });
  }, [accessLast, bus, ptt.accessMs, ptt.accessParts, ptt.jitterBufferMs, ptt.media, ptt.playoutMs, ptt.roundTripMs]);

  const holder = chatId ? (ptt.floors[chatId]?.holder ?? null) : null;
  // A floor that reached this channel through a patch (the talker pressed in another channel) or an all-call.
  const via = chatId ? (ptt.floors[chatId]?.via ?? null) : null;
  const viaChannel = useAppSelector((s) => (via?.chatId ? (s.chatList.items[via.chatId]?.title ?? null) : null));
  const otherTalks = holder !== null && holder.uid !== selfUid;
  const talking = view.press === 'talking';
  const rtt = round(ptt.roundTripMs);
  const jitter = round(ptt.jitterBufferMs);

  return (
    <section className={styles.area} aria-labelledby="dispatch-ptt-title">
      <Subtitle2 as="h2" block id="dispatch-ptt-title" className={styles.heading}>
        {t('ptt.title')}
      </Subtitle2>
      <div className={styles.row}>
        <HoldButton
          className={styles.ptt}
          appearance={talking ? 'primary' : 'secondary'}
          icon={<MicRegular />}
          aria-pressed={talking}
          aria-describedby="dispatch-ptt-hint"
          data-state={view.press}
          data-access-ms={accessLast ?? undefined}
          disabledFocusable={chatId === null}
          onPress={() => press(false)}
          onRelease={release}
        >
          {t('ptt.button')}
        </HoldButton>
        {staff && (otherTalks || (view.force && view.press !== 'idle')) && (
          <HoldButton icon={<PersonVoiceRegular />} aria-describedby="dispatch-ptt-force-hint" onPress={() => press(true)} onRelease={release}>
            {t('ptt.force')}
          </HoldButton>
        )}
        <Badge appearance="outline" color={ptt.connection === 'connected' ? 'success' : 'subtle'} data-testid="ptt-state" data-state={ptt.connection} role="status">
          {t('ptt.stateLabel', { state: t(`ptt.state.${ptt.connection}`) })}
        </Badge>
      </div>
      <Caption1 id="dispatch-ptt-hint">{chatId ? t('ptt.buttonHint', { key: settings.pttKey }) : t('ptt.noChannel')}</Caption1>
      {holder && (
        <Text className={styles.talker} data-testid="ptt-talker" data-via={via?.kind ?? ''} role="status">
          {talkerText(t, holder.uid === selfUid ? null : holder.nickname, via?.kind ?? null, viaChannel)}
        </Text>
      )}
      {otherTalks && (
        <span id="dispatch-ptt-force-hint" hidden>
          {t('ptt.forceHint', { name: holder.nickname })}
        </span>
      )}
      {view.notice && (
        <Text role="alert" data-testid="ptt-notice">
          {noticeText(t, view.notice)}
        </Text>
      )}
      <div className={styles.figures}>
        <Caption1 data-testid="ptt-access">{accessLast === null ? t('ptt.accessNone') : t('ptt.access', { ms: accessLast })}</Caption1>
        <Caption1 data-testid="ptt-latency">
          {rtt === null && jitter === null ? t('ptt.latencyNone') : t('ptt.latency', { rtt: rtt ?? '—', jitter: jitter ?? '—' })}
        </Caption1>
      </div>
    </section>
  );
}
