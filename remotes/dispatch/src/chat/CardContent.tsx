import { useState } from 'react';
import { Body1Strong, Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AlertUrgentRegular, CallMissedRegular, OpenRegular, CallRegular, LocationRegular, MapRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '@ptt/contracts';
import { NS, openSos, useAppDispatch } from '../core';
import { useChatServices } from './context';
import { findExpression } from './expressions';
import { formatCoordinate, formatDuration } from './format';
import { LocationDialog } from './LocationDialog';

// Messages that are drawn rather than played: location, SOS, expression, audio talk.

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: '200px',
  },
  sos: { border: `2px solid ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  sosHead: { color: tokens.colorPaletteRedForeground1 },
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  emoji: { fontSize: '28px', lineHeight: '32px' },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export function LocationContent({ lng, lat, coord, address }: LngLat & { coord: number; address?: string }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.card} role="group" aria-label={t('chat.type.location')}>
      <div className={styles.head}>
        <LocationRegular aria-hidden />
        <Body1Strong>{t('chat.type.location')}</Body1Strong>
      </div>
      {address !== undefined && <Caption1>{address}</Caption1>}
      <Caption1>{t('chat.coordinates', { lng: formatCoordinate(lng), lat: formatCoordinate(lat) })}</Caption1>
      <Caption1>{t(coord === 1 ? 'chat.coordGcj02' : 'chat.coordWgs84')}</Caption1>
      <Button size="small" icon={<MapRegular />} onClick={() => setOpen(true)}>
        {t('chat.showOnMap')}
      </Button>
      {open && <LocationDialog point={{ lng, lat }} coord={coord} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The card the server writes into a member's channels when their SOS opens (ADR 025); staff (who
 *  handle SOS) open it in the console's alert dialog, which says so if it was closed since. */
export function SosContent({ lng, lat, sosId }: Partial<LngLat> & { sosId?: number }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { me } = useChatServices();
  return (
    <div className={mergeClasses(styles.card, styles.sos)} role="group" aria-label={t('chat.type.sos')}>
      <div className={mergeClasses(styles.head, styles.sosHead)}>
        <AlertUrgentRegular aria-hidden />
        <Body1Strong>{t('chat.sosTitle')}</Body1Strong>
      </div>
      <Caption1>
        {lng !== undefined && lat !== undefined
          ? t('chat.coordinates', { lng: formatCoordinate(lng), lat: formatCoordinate(lat) })
          : t('chat.sosNoPosition')}
      </Caption1>
      {sosId !== undefined && me.staff ? (
        <Button size="small" icon={<OpenRegular />} onClick={() => dispatch(openSos(sosId))}>
          {t('chat.openSos')}
        </Button>
      ) : null}
    </div>
  );
}

export function ExpressionContent({ code }: { code: string }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const known = findExpression(code);
  if (!known) return <span className={styles.chip}>{code}</span>;
  return (
    <span className={styles.chip} role="img" aria-label={t(`chat.expression.${known.code}`)}>
      <span className={styles.emoji} aria-hidden>
        {known.emoji}
      </span>
    </span>
  );
}

/** A talk record: a call's length, or a missed call (the callee missed it; the caller, `own`, was not answered). */
export function AudioTalkContent({ durationMs, missed, own }: { durationMs?: number; missed?: boolean; own?: boolean }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  let text = durationMs === undefined ? t('chat.audioTalk') : t('chat.audioTalkDuration', { duration: formatDuration(durationMs) });
  if (missed) text = t(own ? 'chat.callNotAnswered' : 'chat.missedCall');
  return (
    <span className={styles.line} data-testid={missed ? 'missed-call' : undefined}>
      {missed && !own ? <CallMissedRegular aria-hidden /> : <CallRegular aria-hidden />}
      {text}
    </span>
  );
}
