import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '@ptt/contracts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  input: { flexGrow: 1 },
  // Level with the input under the field's label.
  button: { padding: 0, minWidth: '120px', height: '40px', overflow: 'hidden', marginTop: '22px' },
  image: { display: 'block', width: '120px', height: '40px', backgroundColor: tokens.colorNeutralBackground1 },
});

export interface CaptchaFieldProps {
  /** The image to show; null while a new one loads. */
  captcha: Captcha | null;
  value: string;
  onChange: (value: string) => void;
  /** Asks for a new image (the button around the picture). */
  onRefresh: () => void;
  disabled?: boolean;
  /** An i18n key of the common namespace shown under the field. */
  errorKey?: string | null;
}

/** The server's SVG captcha beside its answer field; selecting the picture fetches a new one. */
export function CaptchaField({ captcha, value, onChange, onRefresh, disabled, errorKey }: CaptchaFieldProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Field className={styles.input} label={t('captcha.label')} required validationMessage={errorKey ? t(errorKey) : undefined}>
        <Input value={value} autoComplete="off" maxLength={16} onChange={(_e, d) => onChange(d.value)} />
      </Field>
      <Button className={styles.button} aria-label={t('captcha.image')} onClick={onRefresh} disabled={disabled}>
        {captcha ? (
          <img className={styles.image} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} alt="" />
        ) : (
          <Spinner size="tiny" aria-label={t('captcha.loading')} />
        )}
      </Button>
    </div>
  );
}
