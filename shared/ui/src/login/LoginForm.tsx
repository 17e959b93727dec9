import { useState } from 'react';
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
import type { LoginRequest, Session } from '@ptt/contracts';
import { CARD_RADIUS } from '../theme';
import { loginErrorKey } from './loginError';

const useStyles = makeStyles({
  card: { width: '360px', maxWidth: '100%', padding: tokens.spacingHorizontalXXL, borderRadius: `${CARD_RADIUS}px` },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface LoginFormProps {
  /** Performs the login (POST /api/auth/login) and resolves to the session. */
  login: (request: LoginRequest) => Promise<Session>;
  onLoggedIn: (session: Session) => void;
  /** A message shown above the form, e.g. 'Please login first.' after the token guard. */
  notice?: string | null;
}

export function LoginForm({ login, onLoggedIn, notice }: LoginFormProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [useOrgId, setUseOrgId] = useState(true);
  const [orgId, setOrgId] = useState('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    const parsed = loginRequestSchema.safeParse({
      ...(useOrgId ? { entId: Number(orgId.trim()) } : {}),
      account,
      password,
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
    }
  };

  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Title2 as="h1">{t('login.title')}</Title2>
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
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </Card>
  );
}
