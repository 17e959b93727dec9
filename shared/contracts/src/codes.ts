// The one error catalogue (spec section 8), used by server and client alike: every code has its
// meaning, an i18n key for the UI and the HTTP status the server answers with.

export const ServerCode = {
  Ok: 0,
  ServiceException: 500,
  ServiceBusy: 600,
  OrgInfoMissing: 1001,
  OrgExpired: 1002,
  MemberQuotaExceeded: 1003,
  ChannelQuotaExceeded: 1004,
  FileSizeQuotaExceeded: 1005,
  AlreadyExists: 2000,
  InsufficientPermissions: 2001,
  DataOperationFailed: 2002,
  Blacklisted: 2003,
  ParameterError: 2004,
  ImageCodeNeeded: 2005,
  WrongCredentials: 2006,
  DeviceLocked: 2007,
  ChatIdError: 2008,
  TimestampError: 2009,
  Timeout: 2010,
  ChannelNotFound: 2011,
  NotFound: 2012,
  UserAccountError: 2013,
  AbnormalMemberStatus: 2014,
  EnterpriseAbnormal: 2015,
  ChannelAbnormal: 2016,
  EnterpriseChannelNotDeletable: 2017,
  ImageCodeWrong: 2018,
  ChannelSosError: 2019,
  PasswordResetError: 2020,
  // The spec lists "user account error" twice (2013 and 2021); the second keeps a distinct name.
  AccountError: 2021,
  NoStaff: 2022,
  GeneralAdministratorError: 2023,
  VerificationCodeWrong: 2024,
  VerificationCodeLocked: 2025,
  ChannelUserNotOperable: 2026,
  UserLocked: 2027,
  UserStatusError: 2028,
  DispatcherNotLockable: 2029,
  DispatcherRequired: 2030,
  DeviceInfoMismatch: 2031,
  QueryCodeIncorrect: 2032,
  AwaitingAuthorization: 2033,
  AuthorizationOff: 2034,
  DeviceDeactivated: 2035,
  BoundToOtherDevice: 2036,
  OtherPartyBusy: 2037,
  CallAlreadyUsed: 2038,
  OtherPartyHungUp: 2039,
  OtherPartySuspended: 2040,
  ViolationDocuments: 2041,
  WallNotOpen: 2042,
  AuthorizationFailed: 10000,
  LoggedInElsewhere: 10001,
} as const;
export type ServerCode = (typeof ServerCode)[keyof typeof ServerCode];
export type ServerCodeI18nKey = `serverCode.${ServerCode}`;

export interface ServerCodeInfo {
  readonly meaning: string;
  readonly i18nKey: ServerCodeI18nKey;
  readonly httpStatus: number;
}

// [meaning (spec wording), HTTP status]. Status follows the class of error: bad input 400,
// not authenticated 401, refused by rule or role 403, missing 404, conflicts with state 409.
const TABLE: Record<ServerCode, readonly [string, number]> = {
  0: ['success', 200],
  500: ['service exception', 500],
  600: ['service busy', 503],
  1001: ['organisation info missing', 400],
  1002: ['organisation expired', 403],
  1003: ['member quota exceeded', 403],
  1004: ['channel quota exceeded', 403],
  1005: ['file size quota exceeded', 413],
  2000: ['already exists', 409],
  2001: ['insufficient permissions', 403],
  2002: ['data operation failed', 500],
  2003: ['blacklisted', 403],
  2004: ['parameter error', 400],
  2005: ['image code needed', 400],
  2006: ['wrong user or password', 401],
  2007: ['device locked', 403],
  2008: ['chat id error', 400],
  2009: ['timestamp error', 400],
  2010: ['time-out', 408],
  2011: ['channel not found', 404],
  2012: ['not found', 404],
  2013: ['user account error', 400],
  2014: ['abnormal member status', 409],
  2015: ['enterprise abnormal', 403],
  2016: ['channel abnormal', 409],
  2017: ['enterprise channel cannot be deleted', 409],
  2018: ['image code wrong', 400],
  2019: ['channel SOS error', 409],
  2020: ['password reset error', 400],
  2021: ['user account error', 400],
  2022: ['no staff', 404],
  2023: ['general administrator error', 403],
  2024: ['verification code wrong', 400],
  2025: ['verification code locked', 429],
  2026: ['channel user not operable', 403],
  2027: ['user locked', 403],
  2028: ['user status error', 409],
  2029: ['dispatcher cannot be locked or deleted', 403],
  2030: ['at least one dispatcher needed', 409],
  2031: ['device info mismatch', 400],
  2032: ['query code incorrect', 400],
  2033: ['waiting for authorization', 403],
  2034: ['authorization turned off', 403],
  2035: ['device deactivated', 403],
  2036: ['already bound to another device', 409],
  2037: ['other party busy', 409],
  2038: ['call already used', 409],
  2039: ['other party hung up', 409],
  2040: ['other party temporarily suspended', 409],
  2041: ['violation documents', 422],
  2042: ['wall not open', 409],
  10000: ['authorization failed', 401],
  10001: ['already logged in on another device', 401],
};

export const SERVER_CODES: Readonly<Record<ServerCode, ServerCodeInfo>> = Object.fromEntries(
  Object.entries(TABLE).map(([code, [meaning, httpStatus]]) => [
    code,
    { meaning, i18nKey: `serverCode.${code}`, httpStatus },
  ]),
) as Record<ServerCode, ServerCodeInfo>;

const KNOWN_CODES: ReadonlySet<number> = new Set(Object.values(ServerCode));

export function isServerCode(n: unknown): n is ServerCode {
  return typeof n === 'number' && KNOWN_CODES.has(n);
}

/** HTTP status for a code; unknown codes are treated as a service exception (500). */
export function httpStatusFor(code: number): number {
  return isServerCode(code) ? SERVER_CODES[code].httpStatus : 500;
}

/** i18n key for a code; unknown codes fall back to the service exception text. */
export function serverCodeI18nKey(code: number): ServerCodeI18nKey {
  return isServerCode(code) ? SERVER_CODES[code].i18nKey : 'serverCode.500';
}
