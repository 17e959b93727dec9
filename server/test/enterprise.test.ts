import { FILE_QUOTA_MIN_BYTES, RULES, ServerCode, enterpriseSchema, type Enterprise } from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, postLogin, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// The organisation's super admin changes its name and its own quotas, never in a way that locks
// the organisation out (ADR 011): the validity period is the platform operator's, and a quota
// cannot go below what is in use.
describe.each(DB_KINDS)('enterprise settings on %s', (kind) => {
  let t: TestApp;
  let superTok: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    superTok = (await loginAs(t.app, 'superadmin')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (): Promise<Enterprise> => enterpriseSchema.parse((await api<Enterprise>(t.app, 'GET', '/api/enterprise', superTok)).body.data);
  const patch = (body: unknown) => api<{ reason?: string; field?: string; inUse?: number; issues?: { path: string; message: string }[] }>(t.app, 'PATCH', '/api/enterprise', superTok, body);

  it("refuses the validity period, past or future: it is the platform operator's (2001)", async () => {
    const before = await read();
    for (const validUntil of ['2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z', before.validUntil]) {
      const r = await patch({ validUntil, name: 'Renamed meanwhile' });
      expect([r.status, r.body.code, r.body.msg]).toEqual([403, ServerCode.InsufficientPermissions, RULES.platformManagedSetting]);
      expect(r.body.data).toMatchObject({ reason: 'rule.platformManagedSetting', field: 'validUntil' });
    }
    // Nothing changed (not even the name sent alongside) and the organisation still logs in.
    expect(await read()).toEqual(before);
    expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member1', password: DEMO_PASSWORD })).body.code).toBe(0);
  });

  it('refuses member and channel quotas below what is in use (2004), and accepts them at it', async () => {
    const ent = await read();
    for (const [field, inUse] of [['maxMembers', ent.members], ['maxChannels', ent.channels]] as const) {
      const r = await patch({ [field]: inUse - 1 });
      expect([r.status, r.body.code, r.body.msg]).toEqual([400, ServerCode.ParameterError, RULES.quotaBelowUse]);
      expect(r.body.data).toEqual({ reason: 'rule.quotaBelowUse', field, inUse });
      const ok = await patch({ [field]: inUse });
      expect([ok.status, (ok.body.data as unknown as Enterprise)[field]]).toEqual([200, inUse]);
    }
    // At the quota, one more is refused by the quota itself.
    const more = await api(t.app, 'POST', '/api/channels', superTok, { name: 'One too many' });
    expect(more.body.code).toBe(ServerCode.ChannelQuotaExceeded);
    await patch({ maxMembers: 1000, maxChannels: 200 });
  });

  it('refuses a file size quota below the smallest the console needs, so uploads keep working', async () => {
    for (const maxFileBytes of [1, FILE_QUOTA_MIN_BYTES - 1]) {
      const r = await patch({ maxFileBytes });
      expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
      expect(r.body.data.issues).toEqual([expect.objectContaining({ path: 'maxFileBytes', message: 'validation.fileQuotaTooSmall' })]);
    }
    expect((await patch({ maxFileBytes: FILE_QUOTA_MIN_BYTES })).status).toBe(200);
    expect((await uploadFile(t.app, '/api/files', superTok, PNG_1PX, 'a.png')).body.code).toBe(0);
  });
});
