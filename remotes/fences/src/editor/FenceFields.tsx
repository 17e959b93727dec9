import { Field, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FENCE_RULES, type FenceRule } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { NS, ruleHint, ruleName, useFenceTimeZoneQuery } from '../core';
import { DwellField } from './DwellField';
import type { FenceForm, FormErrors } from './form';
import { ScheduleEditor } from './ScheduleEditor';

interface Props {
  form: FenceForm;
  onChange: (next: FenceForm) => void;
  errors: FormErrors;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Name, type, dwell and schedule of a fence; the drawing and the links have their own parts. */
export function FenceFields({ form, onChange, errors }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const zone = useFenceTimeZoneQuery().data;
  const { fields } = errors;
  const set = (next: Partial<FenceForm>) => onChange({ ...form, ...next });
  return (
    <div className={styles.root}>
      <Field label={t('name')} required validationMessage={fields.name ? tCommon(fields.name) : undefined} validationState={fields.name ? 'error' : 'none'}>
        <Input value={form.name} onChange={(_e, d) => set({ name: d.value })} />
      </Field>
      <Field label={t('rule')} validationMessage={fields.rule ? tCommon(fields.rule) : undefined} validationState={fields.rule ? 'error' : 'none'}>
        <RadioGroup value={form.rule} onChange={(_e, d) => set({ rule: d.value as FenceRule })}>
          {FENCE_RULES.map((r) => (
            <Radio key={r} value={r} label={`${ruleName(tc, r)}: ${ruleHint(tc, r)}`} />
          ))}
        </RadioGroup>
      </Field>
      <DwellField minutes={form.dwellMin} seconds={form.dwellSec} onChange={set} error={fields.dwellS} />
      <ScheduleEditor value={form.schedule} onChange={(schedule) => set({ schedule })} error={fields.schedule} windowErrors={errors.windows} timeZone={zone} />
    </div>
  );
}
