import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OperationType, type Page, type UserSummary } from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { startServerProcess, stopServerProcess, START_LIMIT_MS, type ServerProcess } from './server-process';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// Acceptance 5 of issue 3: the real server process, killed with SIGKILL right after a write was
// acknowledged over HTTP, loses nothing on either database.

async function call<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; data: T };
}

async function adminToken(baseUrl: string): Promise<string> {
  const r = await call<{ auth_token: string }>(baseUrl, 'POST', '/api/auth/login', null, {
    entId: DEMO_ENT_ID,
    account: 'admin',
    password: DEMO_PASSWORD,
  });
  return r.data.auth_token;
}

describe.each(DB_KINDS)('SIGKILL after an acknowledged write on %s', (kind) => {
  let testDb: TestDb;
  let scratch: string;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'ptt-kill-'));
    testDb = await createTestDb(kind, { migrate: false, seed: false });
    if (kind === 'pglite') {
      // The server process opens the folder itself; PGlite allows one process at a time.
      await testDb.db.close();
      env = { DATA_DIR: testDb.location, DATABASE_URL: '' };
    } else {
      env = { DATABASE_URL: testDb.location };
    }
    env.STATIC_DIR = path.join(scratch, 'static');
    env.FILES_DIR = path.join(scratch, 'files');
  }, START_LIMIT_MS);
  afterAll(async () => {
    for (const s of running) await stopServerProcess(s);
    if (kind === 'pglite') rmSync(testDb.location, { recursive: true, force: true });
    else await testDb.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps every user and operation record the server acknowledged', async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const token = await adminToken(first.baseUrl);
    const acked: string[] = [];
    let stop = false;
    // Two writers keep requests in flight, so the kill lands while others are mid-transaction.
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        const account = `kill${lane}x${i}`;
        try {
          const r = await call(first.baseUrl, 'POST', '/api/users', token, { account, nickname: 'Kill Test', password: 'secret1' });
          if (r.code === 0) acked.push(account);
          if (acked.length >= 30 && !stop) {
            stop = true;
            await stopServerProcess(first);
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    await Promise.all([writer(1), writer(2)]);
    await stopServerProcess(first);
    expect(acked.length).toBeGreaterThanOrEqual(30);

    const second = await startServerProcess(env);
    running.push(second);
    const token2 = await adminToken(second.baseUrl);
    const list = await call<Page<UserSummary>>(second.baseUrl, 'GET', '/api/users?q=kill&size=200', token2);
    const present = new Set(list.data.items.map((u) => u.account));
    expect(acked.filter((a) => !present.has(a))).toEqual([]);
    const ops = await call<Page<{ detail: { account?: string } }>>(
      second.baseUrl,
      'GET',
      `/api/records/operations?type=${OperationType.UserAdd}&size=200`,
      token2,
    );
    const audited = new Set(ops.data.items.map((o) => o.detail.account));
    expect(acked.filter((a) => !audited.has(a))).toEqual([]);
    await stopServerProcess(second);
  }, 300_000);
});
