import { Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, LocationRippleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS, formatTime, useAppDispatch, useAppSelector } from '../core';
import { fenceAlertDismissed, fenceAlertsCleared, type FenceAlertEntry } from './slice';

/** Alerts shown at once; the rest are counted (the records page lists them all). */
export const FENCE_ALERTS_SHOWN = 3;

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXS, width: 'min(360px, 100%)' },
  list: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorStatusWarningBorder1}`,
    backgroundColor: tokens.colorStatusWarningBackground1,
    boxShadow: tokens.shadow4,
  },
  shown: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  icon: { color: tokens.colorStatusWarningForeground1, fontSize: '20px' },
  text: { display: 'grid', minWidth: 0 },
  actions: { display: 'flex', alignItems: 'center' },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

export interface FenceAlertListProps {
  /** "Show on map": the console centres the member, highlights them and draws the fence. */
  onShow: (alert: FenceAlertEntry) => void;
}

/**
 * The fence alerts heard since the console opened, newest first, each with "Show on map". Not a
 * live region: the notification raised with each alert is what is announced.
 */
export function FenceAlertList({ onShow }: FenceAlertListProps) {
  const { t, i18n } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const alerts = useAppSelector((s) => s.fenceAlerts.alerts);
  const shownId = useAppSelector((s) => s.fenceAlerts.shownId);
  if (alerts.length === 0) return null;
  const earlier = alerts.length - FENCE_ALERTS_SHOWN;
  return (
    <section className={styles.root} aria-label={t('fences.list.label')}>
      <ul className={styles.list}>
        {alerts.slice(0, FENCE_ALERTS_SHOWN).map((a) => (
          <li key={a.alertId} className={mergeClasses(styles.item, a.alertId === shownId && styles.shown)} data-testid="fence-alert" aria-current={a.alertId === shownId || undefined}>
            <LocationRippleRegular className={styles.icon} aria-hidden />
            <span className={styles.text}>
              <span>{t(`fences.alert.${a.type}`, { name: a.name, fence: a.fenceName })}</span>
              <Caption1>{t('fences.list.time', { time: formatTime(a.time, i18n.language) })}</Caption1>
            </span>
            <span className={styles.actions}>
              <Button size="small" onClick={() => onShow(a)}>
                {t('fences.list.showOnMap')}
              </Button>
              <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label={t('fences.list.dismiss')} onClick={() => dispatch(fenceAlertDismissed(a.alertId))} />
            </span>
          </li>
        ))}
      </ul>
      {alerts.length > 1 ? (
        <div className={styles.footer}>
          <Caption1>{earlier > 0 ? t('fences.list.more', { count: earlier }) : null}</Caption1>
          <Button size="small" appearance="subtle" onClick={() => dispatch(fenceAlertsCleared())}>
            {t('fences.list.dismissAll')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
