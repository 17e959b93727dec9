import { Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '@ptt/ui';
import { NS } from '../core';

interface Props {
  minutes: string;
  seconds: string;
  onChange: (next: { dwellMin: string; dwellSec: string }) => void;
  /** i18n key of the dwell's error. */
  error?: string;
}

const useStyles = makeStyles({
  root: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold },
  boxes: { display: 'flex', gap: tokens.spacingHorizontalM },
  box: { width: '112px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The dwell as minutes and seconds: a dwell of 90 s is easier to type as 1 min 30 s. */
export function DwellField({ minutes, seconds, onChange, error }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor.dwell' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const invalid = error ? 'error' : 'none';
  return (
    <fieldset className={styles.root}>
      <legend className={styles.legend}>{t('label')}</legend>
      <div className={styles.boxes}>
        <Field label={t('minutes')} validationState={invalid}>
          <Input className={styles.box} type="number" min={0} value={minutes} onChange={(_e, d) => onChange({ dwellMin: d.value, dwellSec: seconds })} />
        </Field>
        <Field label={t('seconds')} validationState={invalid}>
          <Input className={styles.box} type="number" min={0} value={seconds} onChange={(_e, d) => onChange({ dwellMin: minutes, dwellSec: d.value })} />
        </Field>
      </div>
      {error ? (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      ) : (
        <Text size={200}>{t('hint')}</Text>
      )}
    </fieldset>
  );
}
