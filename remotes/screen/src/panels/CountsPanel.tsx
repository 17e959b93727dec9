import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ScreenCounts } from '@ptt/contracts';
import { NS } from '../strings';
import { Panel } from './Panel';
import { u } from './units';

const useStyles = makeStyles({
  tiles: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: u(0.6), marginTop: u(0.4) },
  tile: { borderRadius: u(0.4), padding: `${u(0.4)} ${u(0.7)}`, backgroundColor: tokens.colorNeutralBackground3, minWidth: 0 },
  number: { display: 'block', fontSize: u(3.2), lineHeight: u(3.8), fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
  label: { display: 'block', fontSize: u(1.1), color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  online: { color: tokens.colorPaletteGreenForeground1 },
  talking: { color: tokens.colorBrandForeground1 },
  sos: { color: tokens.colorPaletteRedForeground1 },
  offline: { color: tokens.colorNeutralForeground3 },
});

const TILES = ['online', 'talking', 'sos', 'offline'] as const;

/** Four large tiles: online, talking, in SOS, offline (from the summary, then ScreenCounts frames). */
export function CountsPanel({ counts }: { counts: ScreenCounts | null }) {
  const { t } = useTranslation(NS, { keyPrefix: 'counts' });
  const styles = useStyles();
  return (
    <Panel title={t('label')} testId="screen-counts" fixed>
      <div className={styles.tiles}>
        {TILES.map((tile) => (
          <div key={tile} className={styles.tile}>
            <span className={`${styles.number} ${styles[tile]}`} data-testid={`screen-count-${tile}`} aria-label={t(tile)}>
              {counts ? counts[tile] : '–'}
            </span>
            <span className={styles.label} aria-hidden>
              {t(tile)}
            </span>
          </div>
        ))}
      </div>
    </Panel>
  );
}
