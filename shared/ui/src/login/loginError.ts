import { LOGIN_ALERT_KEYS, loginAlertForCode, serverCodeI18nKey } from '@ptt/contracts';

interface CodedError {
  code: number;
  i18nKey?: string;
}

function isCodedError(err: unknown): err is CodedError {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'number';
}

/**
 * The i18n key a failed login shows: the login alert (1-7) for the server code when there is one,
 * else the error's own key (network error), else the server code's text.
 */
export function loginErrorKey(err: unknown): string {
  if (!isCodedError(err)) return 'client.networkError';
  const alert = loginAlertForCode(err.code);
  if (alert !== null) return LOGIN_ALERT_KEYS[alert];
  return err.i18nKey ?? serverCodeI18nKey(err.code);
}
