import { Button, Checkbox, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FENCE_WINDOWS_MAX } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { NS } from '../core';
import { NEW_WINDOW, type WindowDraft } from './form';

/** Days as a week reads in both languages here: Monday first, Sunday (0) last. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

interface Props {
  value: WindowDraft[] | null;
  onChange: (next: WindowDraft[] | null) => void;
  /** An error of the whole schedule (i18n key). */
  error?: string;
  /** Errors of single windows, by index (i18n keys). */
  windowErrors: Record<number, string>;
  /** The organisation's time zone, when known. */
  timeZone?: string;
}

const useStyles = makeStyles({
  root: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  window: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  days: { border: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap' },
  times: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The weekly schedule: always active, or active only in its windows (days, start, end) in the
 * organisation's time zone (ADR 027).
 */
export function ScheduleEditor({ value, onChange, error, windowErrors, timeZone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor.schedule' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const windows = value ?? [];
  const set = (i: number, next: Partial<WindowDraft>) => onChange(windows.map((w, j) => (j === i ? { ...w, ...next } : w)));
  const toggleDay = (i: number, day: number, on: boolean) => {
    const days = windows[i]?.days ?? [];
    set(i, { days: on ? [...days, day] : days.filter((d) => d !== day) });
  };

  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{t('label')}</legend>
      <RadioGroup
        aria-label={t('label')}
        value={value === null ? 'always' : 'weekly'}
        onChange={(_e, d) => onChange(d.value === 'always' ? null : windows.length > 0 ? windows : [{ ...NEW_WINDOW, days: [...NEW_WINDOW.days] }])}
      >
        <Radio value="always" label={t('always')} />
        <Radio value="weekly" label={t('weekly')} />
      </RadioGroup>
      {value !== null && (
        <>
          {windows.map((w, i) => {
            const n = i + 1;
            const problem = windowErrors[i];
            return (
              <div key={i} role="group" aria-label={t('window', { n })} className={styles.window} data-testid={`window-${i}`}>
                <Text weight="semibold">{t('window', { n })}</Text>
                <fieldset className={styles.days}>
                  <legend className={styles.legend}>{t('days')}</legend>
                  {WEEK.map((day) => (
                    <Checkbox key={day} label={t(`day.${day}`)} checked={w.days.includes(day)} onChange={(_e, d) => toggleDay(i, day, d.checked === true)} />
                  ))}
                </fieldset>
                <div className={styles.times}>
                  <Field label={t('start')}>
                    <Input type="time" value={w.start} onChange={(_e, d) => set(i, { start: d.value })} />
                  </Field>
                  <Field label={t('end')}>
                    <Input type="time" value={w.end} onChange={(_e, d) => set(i, { end: d.value })} />
                  </Field>
                  <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onChange(windows.length > 1 ? windows.filter((_w, j) => j !== i) : null)}>
                    {t('remove', { n })}
                  </Button>
                </div>
                {problem && (
                  <Text role="alert" className={styles.error}>
                    {tCommon(problem)}
                  </Text>
                )}
              </div>
            );
          })}
          <div>
            <Button disabled={windows.length >= FENCE_WINDOWS_MAX} onClick={() => onChange([...windows, { ...NEW_WINDOW, days: [...NEW_WINDOW.days] }])}>
              {t('add')}
            </Button>
          </div>
        </>
      )}
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
      <Text size={200}>{timeZone ? t('hint', { zone: timeZone }) : t('hintNoZone')}</Text>
    </fieldset>
  );
}
