import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WallAlertFrame } from '@ptt/contracts';
import { formatClock, memberName } from '../core';
import { NS } from '../strings';
import { ClippedList, Panel } from './Panel';
import { u } from './units';

const ROW_UNITS = 3.4;

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', columnGap: u(0.6), height: '100%', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  name: { fontSize: u(1.2), fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  what: { gridColumn: '1', fontSize: u(1), color: tokens.colorPaletteDarkOrangeForeground1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  time: { gridRow: '1 / span 2', gridColumn: '2', fontSize: u(1.1), color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
});

/** Cross-border alerts, newest first (at most 20 kept). */
export function AlertsPanel({ alerts }: { alerts: readonly WallAlertFrame[] }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'alerts' });
  const styles = useStyles();
  return (
    <Panel title={t('label')} testId="screen-alerts">
      <ClippedList
        items={alerts}
        rowUnits={ROW_UNITS}
        keyOf={(a) => a.alertId}
        empty={t('empty')}
        render={(a) => {
          const at = Date.parse(a.time);
          return (
            <div className={styles.row} data-testid="screen-alert">
              <span className={styles.name}>{memberName(a.nickname, a.account)}</span>
              <span className={styles.time}>{Number.isNaN(at) ? '' : formatClock(at, i18n.language, false)}</span>
              <span className={styles.what}>{t(a.type === 'stay' ? 'stay' : 'leave', { fence: a.fenceName })}</span>
            </div>
          );
        }}
      />
    </Panel>
  );
}
