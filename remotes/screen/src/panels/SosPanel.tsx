import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SosMsg } from '@ptt/contracts';
import { formatAge, heatOf, memberName } from '../core';
import { NS } from '../strings';
import { ClippedList, Panel } from './Panel';
import { u } from './units';

const ROW_UNITS = 3.6;

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: u(0.6), height: '100%', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  name: { fontSize: u(1.3), fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  sub: { gridColumn: '1', fontSize: u(0.95), color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  age: { gridRow: '1 / span 2', gridColumn: '2', fontSize: u(1.6), fontWeight: 700, fontVariantNumeric: 'tabular-nums', padding: `0 ${u(0.4)}`, borderRadius: u(0.3) },
  normal: { color: tokens.colorNeutralForeground1 },
  hot: { color: tokens.colorPaletteDarkOrangeForeground1, backgroundColor: tokens.colorPaletteDarkOrangeBackground1 },
  hotter: { color: '#ffffff', backgroundColor: tokens.colorPaletteRedBackground3 },
});

/** Open SOS, oldest first, each with its ticking age coloured by how long it has waited. */
export function SosPanel({ sos, now }: { sos: readonly SosMsg[]; now: number }) {
  const { t } = useTranslation(NS, { keyPrefix: 'sos' });
  const styles = useStyles();
  return (
    <Panel title={t('label')} testId="screen-sos">
      <ClippedList
        items={sos}
        rowUnits={ROW_UNITS}
        keyOf={(s) => s.sosId}
        empty={t('empty')}
        render={(s) => {
          const age = now - Date.parse(s.startedAt);
          const heat = heatOf(age);
          return (
            <div className={styles.row} data-testid="screen-sos-item" data-heat={heat} data-acked={s.ackedAt ? 'true' : 'false'}>
              <span className={styles.name}>{memberName(s.nickname, s.account)}</span>
              <span className={mergeClasses(styles.age, styles[heat])} data-testid="screen-sos-age" aria-label={t('age', { age: formatAge(age) })}>
                {formatAge(age)}
              </span>
              <span className={styles.sub}>{s.ackedBy ? t('acked', { name: s.ackedBy.nickname }) : t('notAcked')}</span>
            </div>
          );
        }}
      />
    </Panel>
  );
}
