import { useCallback, useEffect, useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ServerCode } from '@ptt/contracts';
import type { ChangePasswordRequest } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { CaptchaField, FormDialog, useCaptcha } from '@ptt/ui';
import type { FormSchema, FormValues } from '@ptt/ui';
import type { AccountApi } from './api';
import { errorKeyOf } from './api';
import { NS } from './strings';
import { passwordErrors } from './validation';
import type { PasswordForm } from './validation';

export interface PasswordDialogProps {
  api: AccountApi;
  onClose: () => void;
  /** After the change: the console logs out and asks for the new password. */
  onChanged: () => void;
}

type Answer = Omit<ChangePasswordRequest, 'captchaId'>;

/** Every field's first problem at once, the cross-field ones included (validation.ts). */
const passwordForm: FormSchema<Answer> = {
  safeParse(value) {
    const form = value as PasswordForm;
    const found = Object.entries(passwordErrors(form)).map(([field, message]) => ({ path: [field], message }));
    return found.length > 0 ? { success: false, error: { issues: found } } : { success: true, data: form };
  },
};

/** The wrong old password and the wrong captcha belong on their fields. */
function refusalErrors(e: unknown): Record<string, string> | null {
  if (isApiError(e) && e.code === ServerCode.ImageCodeWrong) return { captcha: 'rule.captchaWrong' };
  if (isApiError(e) && e.code === ServerCode.WrongCredentials) return { oldPassword: 'rule.oldPasswordWrong' };
  return null;
}

/** Old, new, confirm and an image captcha (a new one on click and after every refusal). */
export function PasswordDialog({ api, onClose, onChanged }: PasswordDialogProps) {
  const { t } = useTranslation(NS);
  const [captchaFailure, setCaptchaFailure] = useState<string | null>(null);
  const fetchCaptcha = useCallback(() => api.captcha(), [api]);
  const onCaptchaError = useCallback((e: unknown) => setCaptchaFailure(errorKeyOf(e)), []);
  // The captcha's answer lives in useCaptcha (a new image clears it); the rest in the form.
  const { captcha, refresh: refreshCaptcha, answer, setAnswer } = useCaptcha(fetchCaptcha, onCaptchaError);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  return (
    <FormDialog
      title={t('password.title')}
      intro={
        captchaFailure && (
          <MessageBar intent="error">
            <MessageBarBody>{t(`common:${captchaFailure}`)}</MessageBarBody>
          </MessageBar>
        )
      }
      schema={passwordForm}
      initial={{ oldPassword: '', newPassword: '', confirmPassword: '', captcha: '' }}
      toInput={(v: FormValues) => ({ ...v, captcha: answer })}
      fields={[
        { name: 'oldPassword', label: t('password.old'), kind: 'password', required: true, autoComplete: 'current-password' },
        { name: 'newPassword', label: t('password.new'), kind: 'password', required: true, autoComplete: 'new-password' },
        { name: 'confirmPassword', label: t('password.confirm'), kind: 'password', required: true, autoComplete: 'new-password' },
        {
          name: 'captcha',
          label: t('common:captcha.label'),
          bare: true,
          render: ({ onChange, errorKey }) => (
            <CaptchaField
              captcha={captcha}
              value={answer}
              onChange={(value) => {
                setAnswer(value);
                onChange(value);
              }}
              onRefresh={refreshCaptcha}
              errorKey={errorKey}
            />
          ),
        },
      ]}
      submitLabel={t('password.submit')}
      refusalErrors={refusalErrors}
      // The server spends a captcha on every check, right or wrong.
      onRefused={refreshCaptcha}
      onSubmit={async (body) => {
        // No image yet (still loading): nothing to check the answer against.
        if (!captcha) return;
        await api.changePassword({ ...body, captchaId: captcha.id });
        onChanged();
      }}
      onClose={onClose}
    />
  );
}
