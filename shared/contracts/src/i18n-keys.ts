import { CLIENT_ERROR_KEYS, RESULT_KEYS } from './api';
import { SERVER_CODES } from './codes';
import { LOGIN_ALERT_KEYS } from './login-alerts';
import { RULE_KEYS } from './rules';
import { PACKAGE_RULE_KEYS } from './packages';
import { NOTICE_RULE_KEYS, NOTICE_VALIDATION_KEYS } from './notices';

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
  'validation.messageTypeServerOnly',
  'validation.pttKeyRequired',
  'validation.pttKeyReserved',
  'validation.pressTimeRequired',
  'validation.pressTimePositive',
  'validation.pttMaxDurationRequired',
  'validation.pttMaxDurationPositive',
  'validation.mapInvalid',
  'validation.audioDeviceInvalid',
  'validation.nicknameRequired',
  'validation.nicknameTooLong',
  'validation.nicknameIllegal',
  'validation.specialString',
  'validation.passwordInvalid',
  'validation.passwordMismatch',
  'validation.passwordSameAsOld',
  'validation.captchaRequired',
  'validation.accountInvalid',
  'validation.roleInvalid',
  'validation.tagInvalid',
  'validation.tooManyTags',
  'validation.remarkTooLong',
  'validation.channelNameRequired',
  'validation.channelNameTooLong',
  'validation.channelNameIllegal',
  'validation.levelInvalid',
  'validation.deviceNameRequired',
  'validation.deviceNameTooLong',
  'validation.imeiInvalid',
  'validation.macInvalid',
  'validation.uidRequired',
  'validation.deviceRequired',
  'validation.userRequired',
  'validation.quotaInvalid',
  'validation.dateInvalid',
  'validation.coordinateInvalid',
  'validation.fenceNameRequired',
  'validation.fenceNameTooLong',
  'validation.fenceNameIllegal',
  'validation.fenceRangeInvalid',
  'validation.fenceDrawIncorrect',
  'validation.fenceRuleInvalid',
  'validation.channelRequired',
  'validation.packageVersionRequired',
  'validation.packageVersionInvalid',
  'validation.packageNotesTooLong',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Every i18n key contracts can hand to a UI; the UI's en and zh files must cover all of them. */
export const CONTRACT_I18N_KEYS: readonly string[] = [
  ...Object.values(SERVER_CODES).map((info) => info.i18nKey),
  ...Object.values(LOGIN_ALERT_KEYS),
  ...Object.values(CLIENT_ERROR_KEYS),
  ...RESULT_KEYS,
  ...VALIDATION_KEYS,
  ...RULE_KEYS,
  ...PACKAGE_RULE_KEYS,
  ...NOTICE_VALIDATION_KEYS,
  'validation.tempChannelUsersTooMany',
  ...NOTICE_RULE_KEYS,
];
