import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ServerCode } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { CaptchaField, useCaptcha } from '@ptt/ui';
import type { AccountApi } from './api';
import { errorKeyOf } from './api';
import { NS } from './strings';
import { passwordErrors } from './validation';
import type { PasswordErrors, PasswordField, PasswordForm } from './validation';

export interface PasswordDialogProps {
  api: AccountApi;
  onClose: () => void;
  /** After the change: the console logs out and asks for the new password. */
  onChanged: () => void;
}

// The captcha's answer lives in useCaptcha (a new image clears it); the rest here.
const EMPTY: Omit<PasswordForm, 'captcha'> = { oldPassword: '', newPassword: '', confirmPassword: '' };

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM },
});

/** Where a refusal of the server belongs: the wrong old password and the wrong captcha on their fields. */
function serverErrors(e: unknown): { fields: PasswordErrors; general: string | null } {
  if (isApiError(e) && e.code === ServerCode.ImageCodeWrong) return { fields: { captcha: 'rule.captchaWrong' }, general: null };
  if (isApiError(e) && e.code === ServerCode.WrongCredentials) return { fields: { oldPassword: 'rule.oldPasswordWrong' }, general: null };
  return { fields: {}, general: errorKeyOf(e) };
}

/** Old, new, confirm and an image captcha (a new one on click and after every refusal). */
export function PasswordDialog({ api, onClose, onChanged }: PasswordDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [fields, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fetchCaptcha = useCallback(() => api.captcha(), [api]);
  const onCaptchaError = useCallback((e: unknown) => setGeneral(errorKeyOf(e)), []);
  const { captcha, refresh: refreshCaptcha, answer, setAnswer } = useCaptcha(fetchCaptcha, onCaptchaError);

  useEffect(refreshCaptcha, [refreshCaptcha]);
  const form: PasswordForm = { ...fields, captcha: answer };

  const change = (field: Exclude<PasswordField, 'captcha'>) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const found = passwordErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !captcha) return;
    setBusy(true);
    try {
      await api.changePassword({ ...form, captchaId: captcha.id });
      onChanged();
    } catch (e) {
      const refused = serverErrors(e);
      setErrors(refused.fields);
      setGeneral(refused.general);
      // The server spends a captcha on every check, right or wrong.
      refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Exclude<PasswordField, 'captcha'>, label: string, type: 'password' | 'text' = 'password') => (
    <Field label={label} required validationMessage={errors[name] ? t(`common:${errors[name]}`) : undefined}>
      <Input type={type} value={form[name]} onChange={(_, d) => change(name)(d.value)} autoComplete={name === 'oldPassword' ? 'current-password' : type === 'password' ? 'new-password' : 'off'} />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t('password.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              {general && (
                <MessageBar intent="error">
                  <MessageBarBody>{t(`common:${general}`)}</MessageBarBody>
                </MessageBar>
              )}
              {field('oldPassword', t('password.old'))}
              {field('newPassword', t('password.new'))}
              {field('confirmPassword', t('password.confirm'))}
              <CaptchaField
                captcha={captcha}
                value={answer}
                onChange={(value) => {
                  setAnswer(value);
                  setErrors((e) => ({ ...e, captcha: undefined }));
                }}
                onRefresh={refreshCaptcha}
                disabled={busy}
                errorKey={errors.captcha}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? t('password.submitting') : t('password.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
