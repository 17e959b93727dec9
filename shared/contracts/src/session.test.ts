import { loginRequestSchema, sessionSchema } from './session';

function messages(input: unknown): string[] {
  const r = loginRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('session and login request', () => {
  it('reads a session with the spec fields', () => {
    const s = { id: 7, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'a', nickname: 'n', role: 1 };
    expect(sessionSchema.parse(s)).toEqual(s);
    expect(sessionSchema.safeParse({ ...s, auth_token: '' }).success).toBe(false);
    expect(sessionSchema.safeParse({ ...s, ent: {} }).success).toBe(false);
  });

  it('trims the account, keeps the password exactly as typed, and leaves entId optional', () => {
    expect(loginRequestSchema.parse({ account: ' admin ', password: ' pw ' })).toEqual({ account: 'admin', password: ' pw ' });
    expect(loginRequestSchema.parse({ entId: 100001, account: 'a', password: 'p' }).entId).toBe(100001);
  });

  it('reports missing or overlong fields with i18n keys', () => {
    expect(messages({ account: '  ', password: 'p' })).toEqual(['validation.accountRequired']);
    expect(messages({ account: 'a', password: '' })).toEqual(['validation.passwordRequired']);
    expect(messages({ account: 'a'.repeat(65), password: 'p' })).toEqual(['validation.accountTooLong']);
    expect(messages({ account: 'a', password: 'p'.repeat(129) })).toEqual(['validation.passwordTooLong']);
    expect(messages({ entId: 1.5, account: 'a', password: 'p' })).toEqual(['validation.orgIdInvalid']);
    expect(messages({ entId: 'x', account: 'a', password: 'p' })).toEqual(['validation.orgIdRequired']);
  });
});
