import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PatrolDashboard } from '@ptt/contracts';
import { NS } from '../core/ns';
import { count, percent } from './format';

const FIGURES = ['runs', 'active', 'completionRate', 'onTime', 'late', 'missed', 'flagged'] as const;
type Figure = (typeof FIGURES)[number];

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM, margin: 0, padding: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  warn: { color: tokens.colorPaletteRedForeground1 },
});

/** Today's figures as cards, each a term and its value (`patrol-today-<figure>` for tests). */
export function TodayFigures({ today }: { today: PatrolDashboard['today'] }) {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard.today' });
  const styles = useStyles();
  const value = (figure: Figure): string => (figure === 'completionRate' ? (percent(today.completionRate) ?? t('none')) : count(today[figure]));
  const alarming = (figure: Figure) => (figure === 'missed' || figure === 'flagged') && today[figure] > 0;
  return (
    <section aria-labelledby="patrol-today">
      <Text as="h2" size={500} weight="semibold" id="patrol-today" block>
        {t('title')}
      </Text>
      <dl className={styles.list}>
        {FIGURES.map((figure) => (
          <div key={figure} className={styles.card} data-testid={`patrol-today-${figure}`}>
            <dt className={styles.term}>{t(figure)}</dt>
            <dd className={`${styles.value} ${alarming(figure) ? styles.warn : ''}`}>{value(figure)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
