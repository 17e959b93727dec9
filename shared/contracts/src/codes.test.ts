import { SERVER_CODES, ServerCode, httpStatusFor, isServerCode, serverCodeI18nKey } from './codes';

// Spec section 8, server code table, copied word for word.
const SPEC_TABLE: Array<[number, string]> = [
  [500, 'service exception'], [600, 'service busy'], [1001, 'organisation info missing'],
  [1002, 'organisation expired'], [1003, 'member quota exceeded'], [1004, 'channel quota exceeded'],
  [1005, 'file size quota exceeded'], [2000, 'already exists'], [2001, 'insufficient permissions'],
  [2002, 'data operation failed'], [2003, 'blacklisted'], [2004, 'parameter error'],
  [2005, 'image code needed'], [2006, 'wrong user or password'], [2007, 'device locked'],
  [2008, 'chat id error'], [2009, 'timestamp error'], [2010, 'time-out'], [2011, 'channel not found'],
  [2012, 'not found'], [2013, 'user account error'], [2014, 'abnormal member status'],
  [2015, 'enterprise abnormal'], [2016, 'channel abnormal'], [2017, 'enterprise channel cannot be deleted'],
  [2018, 'image code wrong'], [2019, 'channel SOS error'], [2020, 'password reset error'],
  [2021, 'user account error'], [2022, 'no staff'], [2023, 'general administrator error'],
  [2024, 'verification code wrong'], [2025, 'verification code locked'], [2026, 'channel user not operable'],
  [2027, 'user locked'], [2028, 'user status error'], [2029, 'dispatcher cannot be locked or deleted'],
  [2030, 'at least one dispatcher needed'], [2031, 'device info mismatch'], [2032, 'query code incorrect'],
  [2033, 'waiting for authorization'], [2034, 'authorization turned off'], [2035, 'device deactivated'],
  [2036, 'already bound to another device'], [2037, 'other party busy'], [2038, 'call already used'],
  [2039, 'other party hung up'], [2040, 'other party temporarily suspended'], [2041, 'violation documents'],
  [2042, 'wall not open'], [10000, 'authorization failed'], [10001, 'already logged in on another device'],
];

describe('server code catalogue', () => {
  it.each(SPEC_TABLE)('code %i exists with its meaning, key serverCode.%i and an error status', (code, meaning) => {
    expect(isServerCode(code)).toBe(true);
    if (!isServerCode(code)) return;
    expect(SERVER_CODES[code].meaning).toBe(meaning);
    expect(SERVER_CODES[code].i18nKey).toBe(`serverCode.${code}`);
    expect(SERVER_CODES[code].httpStatus).toBeGreaterThanOrEqual(400);
    expect(Object.values(ServerCode)).toContain(code);
  });

  it('holds exactly the spec codes plus 0 for success', () => {
    expect(Object.values(ServerCode).sort((a, b) => a - b)).toEqual([0, ...SPEC_TABLE.map(([c]) => c)]);
    expect(ServerCode.Ok).toBe(0);
    expect(ServerCode.AuthorizationFailed).toBe(10000);
    expect(ServerCode.LoggedInElsewhere).toBe(10001);
  });

  it.each([
    [2004, 400], [2006, 401], [10000, 401], [2001, 403], [2012, 404], [2000, 409], [600, 503], [500, 500],
    [1002, 403], [2027, 403], [0, 200],
  ])('code %i answers HTTP %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });

  it('treats unknown codes as a service exception', () => {
    expect(isServerCode(1234)).toBe(false);
    expect(isServerCode('2004')).toBe(false);
    expect(httpStatusFor(1234)).toBe(500);
    expect(serverCodeI18nKey(1234)).toBe('serverCode.500');
    expect(serverCodeI18nKey(2004)).toBe('serverCode.2004');
  });
});
