import { LOGIN_ALERT_KEYS, LoginAlert, loginAlertForCode } from './login-alerts';

describe('login alerts', () => {
  it('numbers alerts 1..7 as spec section 8 lists them, each with a key', () => {
    expect(LoginAlert).toEqual({
      WrongCredentials: 1, Captcha: 2, InsufficientPermissions: 3, AccountLocked: 4, OrgExpired: 5,
      LoginFirst: 6, EnterOrgId: 7,
    });
    for (const n of Object.values(LoginAlert)) expect(LOGIN_ALERT_KEYS[n]).toBe(`loginAlert.${n}`);
  });

  it.each([
    [2006, 1], [2005, 2], [2018, 2], [2024, 2], [2001, 3], [2027, 4], [2007, 4], [1002, 5], [10000, 6], [1001, 7],
  ])('server code %i shows login alert %i', (code, alert) => {
    expect(loginAlertForCode(code)).toBe(alert);
  });

  it('has no login alert for other codes', () => {
    expect(loginAlertForCode(2004)).toBeNull();
    expect(loginAlertForCode(0)).toBeNull();
  });
});
