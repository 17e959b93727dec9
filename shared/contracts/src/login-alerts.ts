import { ServerCode } from './codes';

/** Login alerts 1..7 of spec section 8. */
export const LoginAlert = {
  WrongCredentials: 1,
  Captcha: 2,
  InsufficientPermissions: 3,
  AccountLocked: 4,
  OrgExpired: 5,
  LoginFirst: 6,
  EnterOrgId: 7,
} as const;
export type LoginAlert = (typeof LoginAlert)[keyof typeof LoginAlert];
export type LoginAlertI18nKey = `loginAlert.${LoginAlert}`;

export const LOGIN_ALERT_KEYS: Readonly<Record<LoginAlert, LoginAlertI18nKey>> = {
  1: 'loginAlert.1',
  2: 'loginAlert.2',
  3: 'loginAlert.3',
  4: 'loginAlert.4',
  5: 'loginAlert.5',
  6: 'loginAlert.6',
  7: 'loginAlert.7',
};

const ALERT_BY_CODE: ReadonlyMap<number, LoginAlert> = new Map<number, LoginAlert>([
  [ServerCode.WrongCredentials, LoginAlert.WrongCredentials],
  [ServerCode.ImageCodeNeeded, LoginAlert.Captcha],
  [ServerCode.ImageCodeWrong, LoginAlert.Captcha],
  [ServerCode.VerificationCodeWrong, LoginAlert.Captcha],
  [ServerCode.InsufficientPermissions, LoginAlert.InsufficientPermissions],
  [ServerCode.UserLocked, LoginAlert.AccountLocked],
  [ServerCode.DeviceLocked, LoginAlert.AccountLocked],
  [ServerCode.OrgExpired, LoginAlert.OrgExpired],
  [ServerCode.AuthorizationFailed, LoginAlert.LoginFirst],
  [ServerCode.OrgInfoMissing, LoginAlert.EnterOrgId],
]);

/** The login alert a failed login shows for a server code, or null when the code has none. */
export function loginAlertForCode(code: number): LoginAlert | null {
  return ALERT_BY_CODE.get(code) ?? null;
}
