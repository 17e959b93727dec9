import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type RemoteName, type Session } from '@ptt/contracts';
import { buildApp, type AppDeps } from '../src/app';
import { REPO_ROOT, loadConfig } from '../src/config';
import type { ModuleDeps } from '../src/module-deps';
import type { Db, DbKind } from '../src/db/db';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import type { Hub } from '../src/ws/hub';
import type { PresenceStore } from '../src/ws/presence';
import type { MediaRooms } from '../src/media/media-rooms';
import type { FloorStore } from '../src/ptt/floor-store';
import { createTestDb, type TestDb } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app made (the composition root's result). */
  deps: ModuleDeps;
  db: Db;
  kind: DbKind;
  staticDir: string;
  remotesDir: string;
  /** http://127.0.0.1:<port> once `listen()` was called. */
  baseUrl: string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  staticDir?: string;
  remotesDir?: string;
  remoteUrls?: Partial<Record<RemoteName, string>>;
  bodyLimitBytes?: number;
  testDb?: TestDb;
  hub?: Hub;
  /** Fixed captcha text (default 'TEST'). */
  captchaText?: string;
  heartbeatTimeoutMs?: number;
  presenceStore?: PresenceStore;
  /** PTT media rooms (a real Janus or a fake); NoMedia when absent. */
  media?: MediaRooms;
  floorStore?: FloorStore;
  /** close() leaves the database open: several apps (nodes) share one `testDb`. */
  keepDb?: boolean;
  /** Fastify logger options (default: no log). */
  logger?: AppDeps['logger'];
  /**
   * Environment variables the app's configuration is read from, as `npm start` would read them
   * (COMMAND_EXPIRY_MS, CALL_RING_TIMEOUT_MS, MAP_TILES, JANUS_URL...); nothing else is read.
   */
  env?: Record<string, string>;
}

export const TEST_CAPTCHA = 'TEST';

export async function createTestApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const testDb = opts.testDb ?? (await createTestDb(kind));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ptt-test-web-'));
  const staticDir = opts.staticDir ?? path.join(scratch, 'host-dist');
  const remotesDir = opts.remotesDir ?? path.join(scratch, 'remotes');
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((n) => [n, opts.remoteUrls?.[n] ?? `/remotes/${n}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  const config = loadConfig({ NODE_ENV: 'test', ...opts.env }, REPO_ROOT);
  const { app, deps } = await buildApp(
    {
      ...config,
      bodyLimitBytes: opts.bodyLimitBytes ?? 1024 * 1024,
      staticDir,
      remotesDir,
      remoteUrls,
      filesDir: path.join(scratch, 'files'),
      ...(opts.heartbeatTimeoutMs ? { heartbeatTimeoutMs: opts.heartbeatTimeoutMs } : {}),
    },
    {
      db: testDb.db,
      captchaText: () => opts.captchaText ?? TEST_CAPTCHA,
      ...(opts.hub ? { hub: opts.hub } : {}),
      ...(opts.presenceStore ? { presenceStore: opts.presenceStore } : {}),
      ...(opts.media ? { media: opts.media } : {}),
      ...(opts.floorStore ? { floorStore: opts.floorStore } : {}),
      ...(opts.logger ? { logger: opts.logger } : {}),
    },
  );
  const t: TestApp = {
    app,
    deps,
    db: testDb.db,
    kind,
    staticDir,
    remotesDir,
    baseUrl: '',
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      t.baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return t.baseUrl;
    },
    async close() {
      await app.close();
      if (!opts.keepDb) await testDb.cleanup();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
  return t;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export async function postLogin(
  app: FastifyInstance,
  body: unknown,
): Promise<{ status: number; body: Envelope<Session | null> }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: body as Record<string, unknown> });
  return { status: res.statusCode, body: res.json<Envelope<Session | null>>() };
}

/** Logs a demo account in and returns its session (throws if the login fails). */
export async function loginAs(app: FastifyInstance, account: string, entId: number = DEMO_ENT_ID): Promise<Session> {
  const { body } = await postLogin(app, { entId, account, password: DEMO_PASSWORD });
  if (body.code !== 0 || !body.data) throw new Error(`login of ${account}@${entId} failed: ${JSON.stringify(body)}`);
  return body.data;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** One REST call through Fastify's inject with a Bearer token (or none). */
export async function api<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

/** Number of operation records of a type (optionally since an id) in an enterprise. */
export async function countOperations(db: Db, entId: number, type: number, sinceId = 0): Promise<number> {
  const r = await db.query<{ n: number }>('select count(*)::int as n from operation_logs where ent_id = $1 and type = $2 and id > $3', [
    entId,
    type,
    sinceId,
  ]);
  return r.rows[0]?.n ?? 0;
}

export async function lastOperationId(db: Db): Promise<number> {
  const r = await db.query<{ id: number | null }>('select max(id) as id from operation_logs');
  return r.rows[0]?.id ?? 0;
}

/** A valid 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** POSTs one multipart `file` field (what the console's upload sends) and returns the answer. */
export async function uploadFile<T = unknown>(
  app: FastifyInstance,
  url: string,
  token: string,
  data: Buffer,
  filename: string,
  claimedType = 'application/octet-stream',
): Promise<ApiAnswer<T>> {
  const boundary = 'ptt-test-boundary';
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${claimedType}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}
