import { Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../core/ns';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  desc: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  title: string;
  desc: string;
  /** The chart (an SVG with the same title) and the same numbers as a table. */
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}

/** A titled chart with a switch to the same numbers as a table (screen readers, copying figures). */
export function ChartFrame({ title, desc, chart, table, testId }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard' });
  const styles = useStyles();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const descId = useId();
  return (
    <figure className={styles.root} aria-labelledby={titleId} aria-describedby={descId} data-testid={testId}>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold" id={titleId}>
          {title}
        </Text>
        <Switch label={t('showTable')} checked={asTable} onChange={(_e, d) => setAsTable(d.checked)} />
      </div>
      <Text as="p" size={200} id={descId} className={styles.desc}>
        {desc}
      </Text>
      {asTable ? table : chart}
    </figure>
  );
}
