import { SERVICE_STATUS_PATH, ServerCode } from '@ptt/contracts';
import { isUnreachable } from '../src/db/postgres';
import { STATUS_REUSE_MS } from '../src/diagnostics/service-status';
import { freePort, startRedis, type RedisServer } from './redis-harness';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// GET /api/diagnostics/status, the console banner's source, on both databases: what is not
// configured, what is up, and Redis and Janus seen going down and coming back. The database going
// away under a real server is in dependency-faults.test.ts.

async function until(what: string, limitMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DB_KINDS)('service status on %s', (kind) => {
  let plain: TestApp;
  let wired: TestApp;
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedis();
    plain = await createTestApp(kind);
    // JANUS_URL on a port nobody listens on: configured, and down.
    wired = await createTestApp(kind, { env: { REDIS_URL: redis.url, JANUS_URL: `http://127.0.0.1:${await freePort()}/janus` } });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await wired?.close();
    await redis?.stop();
  });

  it('says what a single node without Redis or Janus has: the database up, the rest not configured', async () => {
    const token = (await loginAs(plain.app, 'member1')).auth_token;
    const r = await api(plain.app, 'GET', SERVICE_STATUS_PATH, token);
    expect([r.status, r.body]).toEqual([200, { code: 0, msg: 'success', data: { database: 'up', redis: 'notConfigured', janus: 'notConfigured' } }]);
    const none = await api(plain.app, 'GET', SERVICE_STATUS_PATH, null);
    expect([none.status, none.body.code]).toEqual([401, ServerCode.AuthorizationFailed]);
  });

  it('sees Redis go down and come back, and a Janus that does not answer as down', async () => {
    const token = (await loginAs(wired.app, 'admin')).auth_token;
    const status = async () => (await api<{ database: string; redis: string; janus: string }>(wired.app, 'GET', SERVICE_STATUS_PATH, token)).body.data;
    await until('Redis up', 10_000, async () => (await status()).redis === 'up');
    expect(await status()).toEqual({ database: 'up', redis: 'up', janus: 'down' });
    await redis.kill(true);
    await until('Redis down', STATUS_REUSE_MS + 10_000, async () => (await status()).redis === 'down');
    await redis.restart();
    await until('Redis up again', STATUS_REUSE_MS + 10_000, async () => (await status()).redis === 'up');
    expect((await status()).database).toBe('up');
  }, 60_000);
});

describe('what counts as PostgreSQL being unreachable', () => {
  it('is a lost or refused connection, or the server shutting down; not a failed statement', () => {
    const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isUnreachable(err('ECONNREFUSED'))).toBe(true);
    expect(isUnreachable(err('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isUnreachable(err('08006'))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]))).toBe(true);
    expect(isUnreachable(err('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isUnreachable(err('42601', 'syntax error'))).toBe(false);
    expect(isUnreachable(new Error('Connection refused by the rules'))).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });
});
