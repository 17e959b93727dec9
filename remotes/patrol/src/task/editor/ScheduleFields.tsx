import { Button, Checkbox, Field, Input, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATROL_STARTS_MAX, nextStart } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { NS, WEEK, formatTime, usePatrolTimeZoneQuery } from '../../core';
import { everyHalfHour, scheduleOf, type TaskForm } from './taskForm';

interface Props {
  form: TaskForm;
  onChange: (next: Partial<TaskForm>) => void;
  /** i18n key of the schedule's error. */
  error?: string;
}

const useStyles = makeStyles({
  root: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS },
  days: { border: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap' },
  starts: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, maxHeight: '120px', overflowY: 'auto' },
  chip: { display: 'inline-flex', alignItems: 'center', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, paddingLeft: tokens.spacingHorizontalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The weekly schedule: days and 'HH:MM' start times in the organisation's zone, or none (by hand). */
export function ScheduleFields({ form, onChange, error }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'task.editor.schedule' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const zone = usePatrolTimeZoneQuery().data;
  const [time, setTime] = useState('08:00');
  const dayName = (d: number) => tc(`day.${d}`);
  const schedule = scheduleOf(form);
  const next = zone && schedule && schedule.starts.length > 0 && schedule.days.length > 0 ? nextStart(schedule, zone, Date.now()) : null;

  const addTime = () => {
    if (!/^\d\d:\d\d$/.test(time) || form.starts.includes(time)) return;
    onChange({ starts: [...form.starts, time].sort() });
  };

  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{t('label')}</legend>
      <Switch label={t('on')} checked={form.scheduled} onChange={(_e, d) => onChange({ scheduled: d.checked })} />
      {!form.scheduled && <Text size={200}>{t('off')}</Text>}
      {form.scheduled && (
        <>
          <fieldset className={styles.days}>
            <legend className={styles.legend}>{t('days')}</legend>
            {WEEK.map((day) => (
              <Checkbox
                key={day}
                label={dayName(day)}
                checked={form.days.includes(day)}
                onChange={(_e, d) => onChange({ days: d.checked === true ? [...form.days, day] : form.days.filter((x) => x !== day) })}
              />
            ))}
          </fieldset>
          <Text weight="semibold">{t('starts')}</Text>
          {form.starts.length === 0 ? (
            <Text size={200}>{t('noStarts')}</Text>
          ) : (
            <ul className={styles.starts} aria-label={t('starts')}>
              {form.starts.map((s) => (
                <li key={s} className={styles.chip}>
                  <Text>{s}</Text>
                  <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('remove', { time: s })} onClick={() => onChange({ starts: form.starts.filter((x) => x !== s) })} />
                </li>
              ))}
            </ul>
          )}
          <div className={styles.row}>
            <Field label={t('time')}>
              <Input type="time" value={time} onChange={(_e, d) => setTime(d.value)} />
            </Field>
            <Button disabled={form.starts.length >= PATROL_STARTS_MAX} onClick={addTime}>
              {t('add')}
            </Button>
            <Button onClick={() => onChange({ starts: everyHalfHour() })}>{t('fill')}</Button>
            <Button appearance="subtle" disabled={form.starts.length === 0} onClick={() => onChange({ starts: [] })}>
              {t('clear')}
            </Button>
          </div>
          {zone && <Text size={200}>{t('zone', { zone })}</Text>}
          {next !== null && <Text size={200}>{t('next', { time: formatTime(new Date(next).toISOString(), i18n.language) })}</Text>}
        </>
      )}
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
    </fieldset>
  );
}
