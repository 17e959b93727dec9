import { CLIENT_ERROR_KEYS } from './api';
import { SERVER_CODES } from './codes';
import { LOGIN_ALERT_KEYS } from './login-alerts';

/** Messages the contracts' zod schemas report; UIs translate them. */
export const VALIDATION_KEYS = [
  'validation.localeInvalid',
  'validation.orgIdRequired',
  'validation.orgIdInvalid',
  'validation.accountRequired',
  'validation.accountTooLong',
  'validation.passwordRequired',
  'validation.passwordTooLong',
  'validation.chatIdInvalid',
  'validation.pttKeyRequired',
  'validation.pttKeyReserved',
  'validation.pressTimeRequired',
  'validation.pressTimePositive',
  'validation.pttMaxDurationRequired',
  'validation.pttMaxDurationPositive',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Every i18n key contracts can hand to a UI; the UI's en and zh files must cover all of them. */
export const CONTRACT_I18N_KEYS: readonly string[] = [
  ...Object.values(SERVER_CODES).map((info) => info.i18nKey),
  ...Object.values(LOGIN_ALERT_KEYS),
  ...Object.values(CLIENT_ERROR_KEYS),
  ...VALIDATION_KEYS,
];
