import { LOGIN_ALERT_KEYS, ServerCode, loginAlertForCode, serverCodeI18nKey } from '@ptt/contracts';

interface CodedError {
  code: number;
  i18nKey?: string;
  /** The envelope's data: the server adds `captchaRequired` once an account needs a captcha. */
  data?: unknown;
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
  // 'Captcha expired or wrong' would be untrue before any captcha was shown.
  if (err.code === ServerCode.ImageCodeNeeded) return 'rule.captchaNeeded';
  const alert = loginAlertForCode(err.code);
  if (alert !== null) return LOGIN_ALERT_KEYS[alert];
  return err.i18nKey ?? serverCodeI18nKey(err.code);
}

/** True when a refused login says the next attempt needs a captcha (2005, 2018 or `captchaRequired`). */
export function captchaAsked(err: unknown): boolean {
  if (!isCodedError(err)) return false;
  if (err.code === ServerCode.ImageCodeNeeded || err.code === ServerCode.ImageCodeWrong) return true;
  const data = err.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === true;
}
