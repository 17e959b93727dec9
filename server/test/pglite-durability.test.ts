import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/pglite';

// tsx's register hook runs the fixture in THIS child process (the tsx CLI would add a grandchild
// that a SIGKILL of the child leaves running).
const TSX_REGISTER = ['--require', require.resolve('tsx/cjs')];
const fixture = (name: string) => path.join(__dirname, 'fixtures', name);
const OPEN_LIMIT_MS = 120_000;

interface Writer {
  acked: () => number;
  ready: Promise<void>;
  untilAcked: (n: number) => Promise<void>;
  kill: () => Promise<void>;
  output: () => string;
}

function startWriter(dir: string): Writer {
  const child = spawn(process.execPath, [...TSX_REGISTER, fixture('pglite-writer.ts'), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let acked = 0;
  let buffer = '';
  let log = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (onReady = r));
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (b: Buffer) => {
    buffer += b.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready') onReady();
      const m = /^ack (\d+)$/.exec(line);
      if (m) acked = Number(m[1]);
    }
    for (const w of waiters.splice(0)) w();
  });
  child.stderr.on('data', (b: Buffer) => (log += b.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    acked: () => acked,
    ready,
    output: () => log,
    async untilAcked(n) {
      while (acked < n) {
        if (child.exitCode !== null) throw new Error(`writer exited early:\n${log}`);
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('PGlite durability and safe opening', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'ptt-durability-'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps every acknowledged row after the writer is killed with SIGKILL', async () => {
    const dir = path.join(root, 'killed-writer');
    const writer = startWriter(dir);
    await writer.ready;
    await writer.untilAcked(300);
    await writer.kill();
    const lastAcked = writer.acked();

    const db = await openPglite(dir, { timeoutMs: OPEN_LIMIT_MS });
    try {
      const r = await db.query<{ n: number; max: number }>('select count(*)::int as n, max(id) as max from acked where id <= $1', [lastAcked]);
      expect(r.rows[0]).toEqual({ n: lastAcked, max: lastAcked });
    } finally {
      await db.close();
    }
  }, 240_000);

  it('a kill during the first creation leaves no half-made folder; the next start creates it', async () => {
    const dir = path.join(root, 'killed-during-create');
    const writer = startWriter(dir);
    const initDirs = () => readdirSync(root).filter((n) => n.startsWith('killed-during-create.init-'));
    // Kill once the creation has visibly started (its sibling folder exists) but not finished.
    const deadline = Date.now() + 30_000;
    while (initDirs().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    let ready = false;
    void writer.ready.then(() => (ready = true));
    await writer.kill();
    expect(ready).toBe(false);
    expect(initDirs()).toHaveLength(1);
    expect(existsSync(dir)).toBe(false);

    const db = await openPglite(dir, { timeoutMs: OPEN_LIMIT_MS });
    await db.close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(initDirs()).toEqual([]);
  }, 240_000);

  it('names the folder when opening takes longer than the limit', () => {
    const dir = path.join(root, 'killed-writer'); // a valid folder; a 1 ms limit cannot be met
    const r = spawnSync(process.execPath, [...TSX_REGISTER, fixture('pglite-open.ts'), dir, '1'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(3);
    expect(r.stdout).toContain('DbOpenError');
    expect(r.stdout).toContain(dir);
  }, 90_000);

  it('refuses a folder that holds something other than a database', () => {
    const dir = path.join(root, 'not-a-db');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    return expect(openPglite(dir, { timeoutMs: OPEN_LIMIT_MS })).rejects.toThrow(/not a PGlite database folder/);
  });
});
