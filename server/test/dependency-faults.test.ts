import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { WebSocket } from 'ws';
import { DATABASE_UNAVAILABLE, SERVICE_STATUS_PATH, ServerCode, type ServiceStatus } from '@ptt/contracts';
import { createEventBus, createSocketBridge, type SocketBridge, type WebSocketCtor } from '@ptt/event-bus';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { channelChat } from './kill-writers';
import { startPostgres, type DurablePgServer } from './pg-harness';
import { freePort, startRedis, type RedisServer } from './redis-harness';
import { START_LIMIT_MS, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

// Issue 25 "faults": one real server process on a durable PostgreSQL, Redis and the Janus it
// starts, with the console's real socket bridge. Each dependency is stopped and started in turn:
// the server must stay up, answer a known code (never 500) while it is away, say what is away on
// GET /api/diagnostics/status, come back by itself, and keep every write it acknowledged.

const BACK_WITHIN_MS = 20_000;

interface Answer<T> {
  http: number;
  code: number;
  data: T;
}

async function call<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { code: number; data: T };
  return { http: res.status, ...envelope };
}

async function until(what: string, limitMs: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Date.now() - start;
}

/**
 * Creates users one after another for as long as it runs, keeping the accounts acknowledged and
 * every answer's HTTP status and code: while a dependency is away the answers may be 503/600,
 * never 500, and nothing acknowledged may go missing.
 */
function userWriter(baseUrl: string, token: string, prefix: string) {
  const acked: string[] = [];
  const answers = new Map<string, number>();
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const account = `${prefix}${i}`;
      const r = await call(baseUrl, 'POST', '/api/users', token, { account, nickname: 'Fault Test', password: 'secret1' });
      const key = `${r.http}/${r.code}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      if (r.code === 0) acked.push(account);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  return {
    acked,
    answers,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe('dependencies stopped and started under a running server (PostgreSQL, Redis, Janus)', () => {
  let pg: DurablePgServer;
  let redis: RedisServer;
  let scratch: string;
  let server: ServerProcess;
  let bridge: SocketBridge;
  let dbUrl: string;
  const states: string[] = [];
  const entEvents: string[] = [];
  let token = '';

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'ptt-faults-'));
    pg = await startPostgres({ durable: true });
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('create database ptt_faults');
    await admin.end();
    dbUrl = pg.urlFor('ptt_faults');
    redis = await startRedis();
    server = await startServerProcess({
      DATABASE_URL: dbUrl,
      REDIS_URL: redis.url,
      JANUS_AUTOSTART: 'true',
      DATA_DIR: path.join(scratch, 'data'),
      STATIC_DIR: path.join(scratch, 'static'),
      FILES_DIR: path.join(scratch, 'files'),
      PORT: String(await freePort()),
      // Its warnings and errors are kept (server.log()) and shown when it dies.
      LOG_LEVEL: 'warn',
    });
    const session = await call<{ auth_token: string; id: number }>(server.baseUrl, 'POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'admin', password: DEMO_PASSWORD });
    token = session.data.auth_token;
    const bus = createEventBus();
    bus.on('socket/status').subscribe((s) => states.push(s.state));
    bus.on('ws/ent').subscribe((e) => {
      if (e.kind === 'UserAdd') entEvents.push((e.data as { account: string }).account);
    });
    bridge = createSocketBridge({
      bus,
      url: `${server.baseUrl.replace(/^http/, 'ws')}/ws2`,
      sessionStore: { load: () => session.data as never },
      WebSocketImpl: WebSocket as unknown as WebSocketCtor,
      navigate: () => undefined,
      logger: { info: () => undefined, error: () => undefined },
      device: 'fault test console',
    });
    bridge.connect();
    await until('console connected', BACK_WITHIN_MS, () => bridge.isOpen());
  }, START_LIMIT_MS + 60_000);

  afterAll(async () => {
    if (process.env.PTT_FAULTS_LOG) writeFileSync(process.env.PTT_FAULTS_LOG, server?.log() ?? '');
    bridge?.disconnect();
    if (server) await stopServerProcess(server, 'SIGTERM');
    await redis?.stop();
    await pg?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  // The server's own words when it died: what took it down.
  const alive = () => (server.child.exitCode === null && server.child.signalCode === null ? true : server.log());
  const status = () => call<ServiceStatus>(server.baseUrl, 'GET', SERVICE_STATUS_PATH, token);

  async function present(accounts: readonly string[]): Promise<string[]> {
    const c = new Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const r = await c.query<{ account: string }>('select account from users where ent_id = $1 and account = any($2)', [DEMO_ENT_ID, accounts]);
      return r.rows.map((row) => row.account);
    } finally {
      await c.end();
    }
  }

  it('reports everything up to begin with', async () => {
    expect(await status()).toMatchObject({ http: 200, code: 0, data: { database: 'up', redis: 'up', janus: 'up' } });
  });

  it('PostgreSQL crashed and restarted: 503/600 databaseUnavailable while down, back by itself, nothing acknowledged lost', async () => {
    const writer = userWriter(server.baseUrl, token, 'pgf');
    await until('writes acknowledged before the crash', BACK_WITHIN_MS, () => writer.acked.length >= 5);
    await pg.kill('SIGKILL');
    // Every request answers the database's absence (the session cache may serve the token for a
    // few seconds, then authentication itself needs the database).
    await until('the status says the database is down', BACK_WITHIN_MS, async () => {
      const s = await status();
      return s.data?.database === 'down' || (s.code === ServerCode.ServiceBusy && (s.data as unknown as { reason?: string })?.reason === DATABASE_UNAVAILABLE);
    });
    // Once the session cache no longer vouches for the token, authentication itself answers it.
    await until('every request answers 600 databaseUnavailable', BACK_WITHIN_MS, async () => (await status()).code === ServerCode.ServiceBusy);
    expect(await status()).toMatchObject({ http: 503, code: ServerCode.ServiceBusy, data: { reason: DATABASE_UNAVAILABLE } });
    expect(alive()).toBe(true);

    await pg.restart();
    const ackedBefore = writer.acked.length;
    const back = await until('writes acknowledged again', BACK_WITHIN_MS, () => writer.acked.length > ackedBefore + 2);
    await writer.stop();
    // One round of probes serves for 2 s, so the status may lag the first writes by that much.
    await until('the status says the database is up', BACK_WITHIN_MS, async () => (await status()).data.database === 'up');
    expect(alive()).toBe(true);
    // Only successes and 'service busy': no 500 while PostgreSQL was away.
    expect([...writer.answers.keys()].sort()).toEqual(['200/0', '503/600']);
    expect((await present(writer.acked)).sort()).toEqual([...writer.acked].sort());
    process.stdout.write(`fault figures postgres ${JSON.stringify({ acked: writer.acked.length, answers: Object.fromEntries(writer.answers), backMs: back })}\n`);
  }, 120_000);

  it('Redis crashed and restarted: writes go on, the status says so, frames reach the console again', async () => {
    const writer = userWriter(server.baseUrl, token, 'rdf');
    await until('writes acknowledged before the crash', BACK_WITHIN_MS, () => writer.acked.length >= 3);
    await redis.kill(true);
    await until('the status says Redis is down', BACK_WITHIN_MS, async () => (await status()).data.redis === 'down');
    const ackedWhileDown = writer.acked.length;
    await until('writes still acknowledged while Redis is down', BACK_WITHIN_MS, () => writer.acked.length > ackedWhileDown + 2);
    expect(alive()).toBe(true);

    await redis.restart();
    const back = await until('the status says Redis is up', BACK_WITHIN_MS, async () => (await status()).data.redis === 'up');
    await writer.stop();
    // The hub re-subscribed by itself: a new user's frame reaches the console over Redis again.
    const account = `rdfafter`;
    await until('a frame through Redis reaches the console', BACK_WITHIN_MS, async () => {
      if (!entEvents.includes(account)) {
        await call(server.baseUrl, 'POST', '/api/users', token, { account, nickname: 'After Redis', password: 'secret1' });
        await new Promise((r) => setTimeout(r, 500));
      }
      return entEvents.includes(account);
    });
    expect([...writer.answers.keys()]).toEqual(['200/0']);
    expect((await present(writer.acked)).sort()).toEqual([...writer.acked].sort());
    expect(bridge.isOpen()).toBe(true);
    process.stdout.write(`fault figures redis ${JSON.stringify({ acked: writer.acked.length, backMs: back })}\n`);
  }, 120_000);

  it('Janus frozen and killed: the status says so, floors refuse with 600, and PTT works again by itself', async () => {
    const member1 = await call<{ auth_token: string }>(server.baseUrl, 'POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'member1', password: DEMO_PASSWORD });
    const memberToken = member1.data.auth_token;
    const chatId = await channelChat(server.baseUrl, memberToken, 'Security');
    const pidFile = path.join(scratch, 'data', 'janus', 'janus.pid');
    const janusPid = () => Number(readFileSync(pidFile, 'utf8'));
    const press = () => call(server.baseUrl, 'POST', '/api/ptt/floor', memberToken, { chatId });
    const release = () => call(server.baseUrl, 'POST', '/api/ptt/floor/release', memberToken, { chatId, discard: true });

    // Stopped (SIGSTOP): alive to the server's process watch, but answering nothing.
    const frozen = janusPid();
    process.kill(frozen, 'SIGSTOP');
    try {
      await until('the status says Janus is down', BACK_WITHIN_MS, async () => (await status()).data.janus === 'down');
      const refused = await press();
      expect([refused.http, refused.code]).toEqual([503, ServerCode.ServiceBusy]);
      expect(alive()).toBe(true);
    } finally {
      process.kill(frozen, 'SIGCONT');
    }
    await until('the status says Janus is up', BACK_WITHIN_MS, async () => (await status()).data.janus === 'up');
    await until('the floor is granted again', BACK_WITHIN_MS, async () => (await press()).code === 0);
    expect((await release()).code).toBe(0);

    // Killed: the server starts a new Janus by itself.
    process.kill(janusPid(), 'SIGKILL');
    const back = await until('a new Janus answers', BACK_WITHIN_MS * 2, async () => janusPid() !== frozen && (await status()).data.janus === 'up');
    await until('the floor is granted after the restart', BACK_WITHIN_MS, async () => (await press()).code === 0);
    expect((await release()).code).toBe(0);
    expect(alive()).toBe(true);
    expect(bridge.isOpen()).toBe(true);
    process.stdout.write(`fault figures janus ${JSON.stringify({ restartMs: back })}\n`);
  }, 180_000);

  it('kept the console socket open or reconnected it by itself throughout', () => {
    expect(states[states.length - 1]).toBe('open');
    expect(bridge.isOpen()).toBe(true);
  });
});
