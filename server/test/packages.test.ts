import { randomBytes } from 'node:crypto';
import { OperationType, ServerCode, clientPackageSchema, pageSchema, type ClientPackage, type Page } from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, postLogin, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

type Fields = Record<string, string>;

/** What the /update page sends: the text fields first, then the file. */
async function uploadPackage(t: TestApp, token: string, fields: Fields, data: Buffer, filename = 'app.apk') {
  const boundary = 'ptt-package-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/packages',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      ...parts,
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, body: res.json<Envelope<ClientPackage & { reason?: string; issues?: { message: string }[] }>>() };
}

describe.each(DB_KINDS)('client packages on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let member: string;
  const bytes = randomBytes(3000);

  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params as never)).rows[0]!.n;
  const list = async (platform?: string) =>
    pageSchema(clientPackageSchema).parse((await api<Page<ClientPackage>>(t.app, 'GET', `/api/packages${platform ? `?platform=${platform}` : ''}`, dispatcher)).body.data);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await loginAs(t.app, 'admin')).auth_token;
    dispatcher = (await loginAs(t.app, 'dispatcher1')).auth_token;
    member = (await loginAs(t.app, 'member1')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload with its fields, makes the first of a platform current, audits it and serves the bytes', async () => {
    const since = await lastOperationId(t.db);
    const r = await uploadPackage(t, admin, { platform: 'android', version: '1.0.0', notes: '首个版本' }, bytes, 'ptt-1.0.0.apk');
    expect([r.status, r.body.code]).toEqual([200, 0]);
    const pkg = clientPackageSchema.parse(r.body.data);
    expect(pkg).toMatchObject({ platform: 'android', version: '1.0.0', notes: '首个版本', current: true, size: 3000, fileName: 'ptt-1.0.0.apk' });
    expect(pkg.uploader).toMatchObject({ account: 'admin' });
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.FileUpload, since)).toBe(1);
    const dl = await t.app.inject({ method: 'GET', url: pkg.url, headers: { authorization: `Bearer ${member}` } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);
  });

  it('lists per platform newest first; a later upload is not current until marked', async () => {
    const r = await uploadPackage(t, admin, { platform: 'android', version: '1.1.0-beta.1', notes: '' }, randomBytes(10));
    expect(r.body.data.current).toBe(false);
    const android = await list('android');
    expect(android.items.map((p) => [p.version, p.current])).toEqual([
      ['1.1.0-beta.1', false],
      ['1.0.0', true],
    ]);
    expect((await list('ios')).items).toEqual([]);
  });

  it('refuses a version the platform already has with 2000 and stores nothing', async () => {
    const files = await count('files');
    const r = await uploadPackage(t, admin, { platform: 'android', version: '1.0.0', notes: 'again' }, bytes);
    expect([r.status, r.body.code, r.body.msg, r.body.data.reason]).toEqual([409, ServerCode.AlreadyExists, 'This version already exists for the platform', 'rule.packageVersionExists']);
    expect(await count('files')).toBe(files);
    // The same version on another platform is another package.
    expect((await uploadPackage(t, admin, { platform: 'ios', version: '1.0.0' }, bytes)).body.code).toBe(0);
  });

  it.each([
    ['version 1.2', { platform: 'android', version: '1.2' }, 'validation.packageVersionInvalid'],
    ['version v1.2.3', { platform: 'android', version: 'v1.2.3' }, 'validation.packageVersionInvalid'],
    ['version 01.2.3', { platform: 'android', version: '01.2.3' }, 'validation.packageVersionInvalid'],
    ['a blank version', { platform: 'android', version: '  ' }, 'validation.packageVersionRequired'],
    ['no version', { platform: 'android' }, 'validation.packageVersionRequired'],
    ['2001 characters of notes', { platform: 'android', version: '2.0.0', notes: 'x'.repeat(2001) }, 'validation.packageNotesTooLong'],
  ])('refuses %s with 2004 and %s', async (_label, fields, message) => {
    const packages = await count('client_packages');
    const r = await uploadPackage(t, admin, fields, bytes);
    expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    expect(r.body.data.issues?.map((i) => i.message)).toEqual([message]);
    expect(await count('client_packages')).toBe(packages);
  });

  it('refuses an unknown platform, a request without a file and a plain JSON body with 2004', async () => {
    expect((await uploadPackage(t, admin, { platform: 'windows', version: '1.0.0' }, bytes)).body.code).toBe(ServerCode.ParameterError);
    expect((await api(t.app, 'POST', '/api/packages', admin, { platform: 'android', version: '3.0.0' })).body.code).toBe(ServerCode.ParameterError);
  });

  it("refuses a file over the enterprise's quota with 1005 'The file is too large' and keeps nothing", async () => {
    await t.db.query('update enterprises set max_file_bytes = 1000 where id = $1', [DEMO_ENT_ID]);
    try {
      const files = await count('files');
      const r = await uploadPackage(t, admin, { platform: 'web', version: '9.9.9' }, bytes);
      expect([r.status, r.body.code, r.body.msg, r.body.data.reason]).toEqual([413, ServerCode.FileSizeQuotaExceeded, 'The file is too large', 'rule.fileTooLarge']);
      expect(await count('files')).toBe(files);
      expect(await count("client_packages where version = '9.9.9'")).toBe(0);
    } finally {
      await t.db.query('update enterprises set max_file_bytes = 104857600 where id = $1', [DEMO_ENT_ID]);
    }
  });

  it('marks another package current: the previous one loses the flag, and devices get the new one', async () => {
    const [beta, first] = (await list('android')).items;
    const since = await lastOperationId(t.db);
    const r = await api<ClientPackage>(t.app, 'POST', `/api/packages/${beta!.id}/current`, admin);
    expect(r.body.data).toMatchObject({ id: beta!.id, current: true });
    expect((await list('android')).items.map((p) => [p.id, p.current])).toEqual([
      [beta!.id, true],
      [first!.id, false],
    ]);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.EnterpriseUpdate, since)).toBe(1);

    // Any role asks for a platform's current package; a handset without `platform` gets its own.
    const asked = await api<ClientPackage | null>(t.app, 'GET', '/api/packages/current?platform=android', member);
    expect(asked.body.data).toMatchObject({ version: '1.1.0-beta.1', url: beta!.url });
    const { body } = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member2', password: DEMO_PASSWORD, platform: 'android' });
    const handset = await api<ClientPackage | null>(t.app, 'GET', '/api/packages/current', body.data!.auth_token);
    expect(handset.body.data?.id).toBe(beta!.id);
    // The web console logged in as web, which has no package yet.
    expect((await api(t.app, 'GET', '/api/packages/current', member)).body).toMatchObject({ code: 0, data: null });
  });

  it('keeps exactly one current package per platform under concurrent marking', async () => {
    const ids = (await list('android')).items.map((p) => p.id);
    await Promise.all(Array.from({ length: 8 }, (_v, i) => api(t.app, 'POST', `/api/packages/${ids[i % ids.length]!}/current`, admin)));
    expect(await count("client_packages where ent_id = $1 and platform = 'android' and is_current", [DEMO_ENT_ID])).toBe(1);
  });

  it('deletes a package that is not current with its file, and refuses the current one', async () => {
    const items = (await list('android')).items;
    const current = items.find((p) => p.current)!;
    const other = items.find((p) => !p.current)!;
    const refused = await api<{ reason: string }>(t.app, 'DELETE', `/api/packages/${current.id}`, admin);
    expect([refused.body.code, refused.body.msg, refused.body.data.reason]).toEqual([ServerCode.UserStatusError, 'The current package cannot be deleted', 'rule.packageIsCurrent']);
    expect((await api(t.app, 'DELETE', `/api/packages/${other.id}`, admin)).body.code).toBe(0);
    expect((await list('android')).items.map((p) => p.id)).toEqual([current.id]);
    const gone = await t.app.inject({ method: 'GET', url: other.url, headers: { authorization: `Bearer ${admin}` } });
    expect(gone.json<Envelope>().code).toBe(ServerCode.NotFound);
    expect((await api(t.app, 'DELETE', `/api/packages/${other.id}`, admin)).body.code).toBe(ServerCode.NotFound);
  });

  it('lets staff read, only managers change, and keeps enterprises apart', async () => {
    const pkg = (await list('android')).items[0]!;
    expect((await uploadPackage(t, dispatcher, { platform: 'web', version: '5.0.0' }, bytes)).body.code).toBe(ServerCode.InsufficientPermissions);
    expect((await api(t.app, 'POST', `/api/packages/${pkg.id}/current`, dispatcher)).body.code).toBe(ServerCode.InsufficientPermissions);
    expect((await api(t.app, 'GET', '/api/packages', member)).body.code).toBe(ServerCode.InsufficientPermissions);
    const outsider = (await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID)).auth_token;
    expect((await api<Page<ClientPackage>>(t.app, 'GET', '/api/packages', outsider)).body.data.total).toBe(0);
    expect((await api(t.app, 'GET', '/api/packages/current?platform=android', outsider)).body.data).toBeNull();
  });
});
