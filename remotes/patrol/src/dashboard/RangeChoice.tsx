import { Field, Input, MessageBar, MessageBarBody, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PATROL_DASHBOARD_DAYS_MAX } from '@ptt/contracts';
import { NS } from '../core/ns';
import { DASHBOARD_RANGES, isDay, type DashboardDays, type DashboardRange, type DashboardView } from './range';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

interface Props {
  view: DashboardView;
  days: DashboardDays;
  /** The request's first and last day, shown when a preset is chosen. */
  change: (view: DashboardView) => void;
}

/** Last 7 or 30 days, or a custom first and last day (at most 31), written to the URL. */
export function RangeChoice({ view, days, change }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard.range' });
  const styles = useStyles();
  const pick = (range: DashboardRange) =>
    change(range === 'custom' ? { range, from: days.ok ? days.from : null, to: days.ok ? days.to : null } : { range, from: null, to: null });
  return (
    <div className={styles.root} role="group" aria-label={t('label')}>
      <Field label={t('label')}>
        <Select value={view.range} onChange={(_e, d) => pick(d.value as DashboardRange)}>
          {DASHBOARD_RANGES.map((r) => (
            <option key={r} value={r}>
              {t(r)}
            </option>
          ))}
        </Select>
      </Field>
      {view.range === 'custom' && (
        <>
          <Field label={t('from')}>
            <Input type="date" value={view.from ?? ''} onChange={(_e, d) => change({ ...view, from: isDay(d.value) ? d.value : null })} />
          </Field>
          <Field label={t('to')}>
            <Input type="date" value={view.to ?? ''} onChange={(_e, d) => change({ ...view, to: isDay(d.value) ? d.value : null })} />
          </Field>
        </>
      )}
      {!days.ok && days.reason !== 'incomplete' && (
        <MessageBar intent="warning">
          <MessageBarBody>{days.reason === 'tooLong' ? t('tooLong', { max: PATROL_DASHBOARD_DAYS_MAX }) : t('backwards')}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
