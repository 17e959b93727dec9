import { Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, ShieldErrorRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS, formatTime, useAppDispatch, useAppSelector } from '../core';
import { patrolAlertDismissed, patrolAlertsCleared, type PatrolAlertEntry } from './slice';

/** Alerts shown at once; the rest are counted (the patrol records list every missed checkpoint). */
export const PATROL_ALERTS_SHOWN = 3;

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

export interface PatrolAlertListProps {
  /** "Show on map": the console centres the checkpoint and marks it. */
  onShow: (alert: PatrolAlertEntry) => void;
}

/**
 * The missed checkpoints heard since the console opened, newest first, each with "Show on map".
 * Beside the fence alerts, in the same form (a list of its own: two kinds, two regions). Not a
 * live region: the notification raised with each alert is what is announced.
 */
export function PatrolAlertList({ onShow }: PatrolAlertListProps) {
  const { t, i18n } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const alerts = useAppSelector((s) => s.patrolAlerts.alerts);
  const shownId = useAppSelector((s) => s.patrolAlerts.shownId);
  if (alerts.length === 0) return null;
  const earlier = alerts.length - PATROL_ALERTS_SHOWN;
  return (
    <section className={styles.root} aria-label={t('patrol.list.label')}>
      <ul className={styles.list}>
        {alerts.slice(0, PATROL_ALERTS_SHOWN).map((a) => (
          <li key={a.id} className={mergeClasses(styles.item, a.id === shownId && styles.shown)} data-testid="patrol-alert" aria-current={a.id === shownId || undefined}>
            <ShieldErrorRegular className={styles.icon} aria-hidden />
            <span className={styles.text}>
              <span>{t(`patrol.alert.${a.reason}`, { node: a.nodeName, task: a.taskName, time: formatTime(a.plannedAt, i18n.language) })}</span>
              <Caption1>{t('patrol.list.time', { time: formatTime(a.time, i18n.language) })}</Caption1>
            </span>
            <span className={styles.actions}>
              <Button size="small" onClick={() => onShow(a)}>
                {t('patrol.list.showOnMap')}
              </Button>
              <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label={t('patrol.list.dismiss')} onClick={() => dispatch(patrolAlertDismissed(a.id))} />
            </span>
          </li>
        ))}
      </ul>
      {alerts.length > 1 ? (
        <div className={styles.footer}>
          <Caption1>{earlier > 0 ? t('patrol.list.more', { count: earlier }) : null}</Caption1>
          <Button size="small" appearance="subtle" onClick={() => dispatch(patrolAlertsCleared())}>
            {t('patrol.list.dismissAll')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
