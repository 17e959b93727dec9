import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PttStats } from '@ptt/contracts';
import { NS } from './strings';

// Where the PTT time goes, as two stacked bars (issue 18): the press to "talking" on screen, and
// the talker's voice to this console's ear. Each segment has its figure in words beside the bar,
// so the bar is for the eye and the list is what a screen reader reads.

const COLOURS = [
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteBerryBorderActive,
  tokens.colorPaletteGreenBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive,
];

const useStyles = makeStyles({
  group: { display: 'grid', gap: tokens.spacingVerticalXS },
  bar: { display: 'flex', height: '12px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground3 },
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { width: '10px', height: '10px', borderRadius: '2px', flexShrink: 0 },
});

interface Part {
  key: string;
  ms: number | null;
}

function Breakdown({ id, titleKey, parts }: { id: string; titleKey: string; parts: Part[] }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const known = parts.filter((p) => p.ms !== null);
  const total = known.reduce((sum, p) => sum + p.ms!, 0);
  return (
    <div className={styles.group} data-testid={`ptt-breakdown-${id}`}>
      <Text weight="semibold">{t(titleKey, { ms: Math.round(total) })}</Text>
      <div className={styles.bar} aria-hidden>
        {parts.map((p, i) =>
          p.ms === null || total === 0 ? null : <span key={p.key} style={{ width: `${(100 * p.ms) / total}%`, backgroundColor: COLOURS[i % COLOURS.length] }} />,
        )}
      </div>
      <ul className={styles.legend}>
        {parts.map((p, i) => (
          <li key={p.key} className={styles.item}>
            <span className={styles.swatch} style={{ backgroundColor: COLOURS[i % COLOURS.length] }} aria-hidden />
            <Caption1>{t(`ptt.part.${p.key}`, { ms: p.ms === null ? '—' : Math.round(p.ms) })}</Caption1>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PttBreakdown({ stats }: { stats: PttStats | undefined }) {
  const access = stats?.accessParts;
  const ear = stats?.mouthToEar;
  if (!access && !ear) return null;
  return (
    <>
      {access && (
        <Breakdown
          id="access"
          titleKey="ptt.accessTitle"
          parts={[
            { key: 'beforeRequest', ms: access.beforeRequestMs },
            { key: 'network', ms: access.networkMs },
            { key: 'server', ms: access.serverMs === null ? null : Math.max(0, access.serverMs - (access.mediaServerMs ?? 0)) },
            { key: 'mediaServer', ms: access.mediaServerMs },
            { key: 'render', ms: access.renderMs },
          ]}
        />
      )}
      {ear && (
        <Breakdown
          id="ear"
          titleKey="ptt.earTitle"
          parts={[
            { key: 'packet', ms: ear.packetMs },
            { key: 'mediaNetwork', ms: ear.networkMs },
            { key: 'mixer', ms: ear.mediaServerMs },
            { key: 'jitter', ms: ear.jitterBufferMs },
            { key: 'playout', ms: ear.playoutMs },
          ]}
        />
      )}
    </>
  );
}
