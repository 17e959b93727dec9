import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginForm, captchaWith, loginWith } from '@ptt/ui';
import { HOME_PATH, useLoggedIn, useToken } from '../app/session';
import type { LoginNotice } from '../app/session';
import { useServices } from '../app/services';
import { LanguageSwitch } from '../shell/LanguageSwitch';

function noticeKeyOf(state: unknown): string | null {
  const key = (state as Partial<LoginNotice> | null)?.noticeKey;
  return typeof key === 'string' ? key : null;
}

export function LoginPage() {
  const { t } = useTranslation('common');
  const { api } = useServices();
  const token = useToken();
  const onLoggedIn = useLoggedIn();
  const noticeKey = noticeKeyOf(useLocation().state);
  const requests = useMemo(() => ({ login: loginWith(api), fetchCaptcha: captchaWith(api) }), [api]);
  if (token) return <Navigate to={HOME_PATH} replace />;
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', gap: 16, alignContent: 'center' }}>
      <LoginForm login={requests.login} fetchCaptcha={requests.fetchCaptcha} onLoggedIn={onLoggedIn} notice={noticeKey ? t(noticeKey) : null} />
      <LanguageSwitch />
    </main>
  );
}
