import { ServerCode } from '@ptt/contracts';
import { createTestApp, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

const SMALL_LIMIT_BYTES = 4096;

describe.each(DB_KINDS)('client mistakes on %s get 4xx envelopes, never 500', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { bodyLimitBytes: SMALL_LIMIT_BYTES });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

  it('malformed JSON -> 400 / 2004', async () => {
    const res = await post('{"account": "admin", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ServerCode.ParameterError, msg: 'parameter error' });
  });

  it('oversized body -> 413 / 2004', async () => {
    const res = await post(JSON.stringify({ account: 'a', password: 'x'.repeat(SMALL_LIMIT_BYTES * 2) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: ServerCode.ParameterError });
  });

  it('missing fields -> 400 / 2004 with the issue list', async () => {
    const res = await post(JSON.stringify({ account: 'admin' }));
    expect(res.statusCode).toBe(400);
    const body = res.json<Envelope<{ issues: { path: string; message: string }[] }>>();
    expect(body.code).toBe(ServerCode.ParameterError);
    expect(body.data.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
  });

  it('no body at all -> 400 / 2004', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ServerCode.ParameterError });
  });

  it('an unsupported content type -> 4xx / 2004', async () => {
    const res = await post('account=admin', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: ServerCode.ParameterError });
  });

  it('a wrongly typed field -> 400 / 2004', async () => {
    const res = await post(JSON.stringify({ entId: 'abc', account: 'admin', password: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ServerCode.ParameterError });
  });

  it('an unknown route under /api -> 404 / 2012', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does/not/exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ServerCode.NotFound });
    }
  });
});
