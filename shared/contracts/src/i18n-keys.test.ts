import type { z } from 'zod';
import { chatIdSchema } from './chat-id';
import { SERVER_CODES } from './codes';
import { CONTRACT_I18N_KEYS } from './i18n-keys';
import { LOGIN_ALERT_KEYS } from './login-alerts';
import { loginRequestSchema } from './session';
import { localSettingsSchema } from './settings';

describe('CONTRACT_I18N_KEYS', () => {
  it('lists every server code key, login alert key and the network error key once', () => {
    expect(new Set(CONTRACT_I18N_KEYS).size).toBe(CONTRACT_I18N_KEYS.length);
    for (const info of Object.values(SERVER_CODES)) expect(CONTRACT_I18N_KEYS).toContain(info.i18nKey);
    for (const key of Object.values(LOGIN_ALERT_KEYS)) expect(CONTRACT_I18N_KEYS).toContain(key);
    expect(CONTRACT_I18N_KEYS).toContain('client.networkError');
  });

  it('covers every message the schemas report', () => {
    const bad: Array<[z.ZodType, unknown]> = [
      [localSettingsSchema, { locale: 'fr', pttKey: 'Tab', pressTimeMs: 0, pttMaxDurationS: 0 }],
      [localSettingsSchema, {}],
      [localSettingsSchema, { locale: 'en', pttKey: ' ', pressTimeMs: 1, pttMaxDurationS: 1 }],
      [loginRequestSchema, { entId: 'x', account: '', password: '' }],
      [loginRequestSchema, { entId: -1, account: 'a'.repeat(99), password: 'p'.repeat(999) }],
      [chatIdSchema, 'nope'],
    ];
    const seen = new Set<string>();
    for (const [schema, input] of bad) {
      const r = schema.safeParse(input);
      expect(r.success).toBe(false);
      for (const issue of r.error?.issues ?? []) seen.add(issue.message);
    }
    for (const message of seen) expect(CONTRACT_I18N_KEYS).toContain(message);
    expect(seen.size).toBeGreaterThanOrEqual(13);
  });
});
