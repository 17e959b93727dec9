import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Switch,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LOGIN_ALERT_KEYS, LoginAlert, loginRequestSchema } from '@ptt/contracts';
import type { Captcha, LoginRequest, Session } from '@ptt/contracts';
import { CARD_RADIUS } from '../theme';
import { CaptchaField } from './CaptchaField';
import { captchaAsked, loginErrorKey } from './loginError';
import { useCaptcha } from './useCaptcha';

const useStyles = makeStyles({
  card: { width: '360px', maxWidth: '100%', padding: tokens.spacingHorizontalXXL, borderRadius: `${CARD_RADIUS}px` },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface LoginFormProps {
  /** Performs the login (POST /api/auth/login) and resolves to the session. */
  login: (request: LoginRequest) => Promise<Session>;
  /** GET /api/auth/captcha: the image shown once the server asks for one (2005 after failures). */
  fetchCaptcha: () => Promise<Captcha>;
  onLoggedIn: (session: Session) => void;
  /** A message shown above the form, e.g. 'Please login first.' after the token guard. */
  notice?: string | null;
}

export function LoginForm({ login, fetchCaptcha, onLoggedIn, notice }: LoginFormProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [useOrgId, setUseOrgId] = useState(true);
  const [orgId, setOrgId] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server decides when a captcha is needed; from then on every attempt carries one.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const onCaptchaError = useCallback((e: unknown) => setErrorKey(loginErrorKey(e)), []);
  const captcha = useCaptcha(fetchCaptcha, onCaptchaError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (useOrgId && orgId.trim() === '') {
      setErrorKey(LOGIN_ALERT_KEYS[LoginAlert.EnterOrgId]);
      return;
    }
    if (useOrgId && !/^\d+$/.test(orgId.trim())) {
      setErrorKey('validation.orgIdInvalid');
      return;
    }
    if (needCaptcha && (!captcha.captcha || captcha.answer.trim() === '')) {
      setErrorKey('rule.captchaNeeded');
      return;
    }
    const parsed = loginRequestSchema.safeParse({
      ...(useOrgId ? { entId: Number(orgId.trim()) } : {}),
      account,
      password,
      ...(needCaptcha && captcha.captcha ? { captchaId: captcha.captcha.id, captcha: captcha.answer } : {}),
    });
    if (!parsed.success) {
      setErrorKey(parsed.error.issues[0]?.message ?? 'serverCode.2004');
      return;
    }
    setErrorKey(null);
    setBusy(true);
    try {
      const session = await login(parsed.data);
      onLoggedIn(session);
    } catch (err) {
      setErrorKey(loginErrorKey(err));
      setBusy(false);
      // Every check spends the captcha, right or wrong: show a new one whenever one is needed.
      if (needCaptcha || captchaAsked(err)) {
        setNeedCaptcha(true);
        captcha.refresh();
      }
    }
  };

  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Title2 as="h1" block>{t('login.title')}</Title2>
        {notice && (
          <MessageBar intent="warning">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        )}
        {errorKey && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t(errorKey)}</MessageBarBody>
          </MessageBar>
        )}
        <Switch checked={useOrgId} onChange={(_e, data) => setUseOrgId(data.checked)} label={t('login.useOrgId')} />
        {useOrgId && (
          <Field label={t('login.orgId')}>
            <Input inputMode="numeric" value={orgId} onChange={(_e, data) => setOrgId(data.value)} />
          </Field>
        )}
        <Field label={t('login.username')}>
          <Input autoComplete="username" value={account} onChange={(_e, data) => setAccount(data.value)} />
        </Field>
        <Field label={t('login.password')}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(_e, data) => setPassword(data.value)}
          />
        </Field>
        {needCaptcha && (
          <CaptchaField captcha={captcha.captcha} value={captcha.answer} onChange={captcha.setAnswer} onRefresh={captcha.refresh} disabled={busy} />
        )}
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </Card>
  );
}
