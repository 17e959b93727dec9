import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COMMON_NS, errorKey } from '@ptt/ui';
import { NS } from '../core/ns';
import { DayChart } from './DayChart';
import { MemberChart } from './MemberChart';
import { RangeChoice } from './RangeChoice';
import { TodayFigures } from './TodayFigures';
import { useDashboard } from './useDashboard';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'end', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalXL },
  shown: { color: tokens.colorNeutralForeground3 },
});

/** The dashboard section of patrol (ADR 029): today's figures, per day and per member charts, live. */
export function DashboardPage() {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard' });
  const { t: common } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { view, change, days, result } = useDashboard();
  const data = result.data;
  return (
    <section className={styles.root} aria-labelledby="patrol-dashboard-title">
      <div className={styles.head}>
        <Title1 as="h1" block id="patrol-dashboard-title">
          {t('title')}
        </Title1>
        <RangeChoice view={view} days={days} change={change} />
      </div>
      {result.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{common(errorKey(result.error))}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void result.refetch()}>{common('kit.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {!data && !result.error && days.ok ? <Spinner label={t('loading')} /> : null}
      {data ? (
        <>
          <Text className={styles.shown} data-testid="patrol-dashboard-days">
            {t('range.shown', { from: data.from, to: data.to, timeZone: data.timeZone })}
          </Text>
          <TodayFigures today={data.today} />
          <div className={styles.charts} aria-busy={result.isFetching}>
            <DayChart days={data.days} />
            <MemberChart members={data.members} />
          </div>
        </>
      ) : null}
    </section>
  );
}
