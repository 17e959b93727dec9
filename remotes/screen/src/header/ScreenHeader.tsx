import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../core';
import { u } from '../panels/units';
import { NS } from '../strings';
import { LONG_LOSS_MS } from './useLinkState';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: u(1), minWidth: 0, padding: `${u(0.3)} ${u(0.4)}` },
  org: { margin: 0, fontSize: u(2), lineHeight: u(2.6), fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 },
  grow: { flexGrow: 1 },
  live: { fontSize: u(1), color: tokens.colorPaletteGreenForeground1, whiteSpace: 'nowrap' },
  banner: { fontSize: u(1.2), fontWeight: 600, padding: `${u(0.2)} ${u(0.8)}`, borderRadius: u(0.3), whiteSpace: 'nowrap' },
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground3, color: '#000000' },
  red: { backgroundColor: tokens.colorPaletteRedBackground3, color: '#ffffff' },
  clock: { fontSize: u(2.4), lineHeight: u(2.6), fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export interface ScreenHeaderProps {
  org: string | null;
  /** Since when the link is lost, or null. */
  lostSince: number | null;
  /** Whether it was ever open (before that nothing is said). */
  now: number;
  /** On the server's clock. */
  serverNow: number;
  actions?: ReactNode;
}

/** Organisation, link state (yellow while reconnecting, red after 5 minutes) and a big clock. */
export function ScreenHeader({ org, lostSince, now, serverNow, actions }: ScreenHeaderProps) {
  const { t, i18n } = useTranslation(NS);
  const styles = useStyles();
  const lostFor = lostSince === null ? null : now - lostSince;
  return (
    <header className={styles.header}>
      <h1 className={styles.org} data-testid="screen-org">
        {org ?? ''}
      </h1>
      <div className={styles.grow} />
      {lostFor === null ? (
        <span className={styles.live} data-testid="screen-link" data-state="live">
          ● {t('link.live')}
        </span>
      ) : (
        <span
          role="status"
          className={mergeClasses(styles.banner, lostFor >= LONG_LOSS_MS ? styles.red : styles.yellow)}
          data-testid="screen-link"
          data-state={lostFor >= LONG_LOSS_MS ? 'lost' : 'reconnecting'}
        >
          {lostFor >= LONG_LOSS_MS ? t('link.lostLong', { minutes: Math.floor(lostFor / 60_000) }) : t('link.reconnecting')}
        </span>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
      <time className={styles.clock} data-testid="screen-clock" aria-label={t('clock')} dateTime={new Date(serverNow).toISOString()}>
        {formatClock(serverNow, i18n.language)}
      </time>
    </header>
  );
}
