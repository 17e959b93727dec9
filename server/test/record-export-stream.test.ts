import http from 'node:http';
import { EXPORT_PROGRESS_EVERY_ROWS, EXPORT_PROGRESS_KIND, topics, type ExportProgressFrame, type Page, type Session } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { BASE_MS, addOperations, download, parseCsv } from './records-fixture';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Issue 23 (ADR 028): an export streams with ExportProgress frames to the exporter's own sockets,
// waits for a client that does not read (the server stops reading the database), and stops when
// the client goes away, telling the console it was cancelled; the server stays healthy.

const ROWS = 40_000;
const MINUTE = 60_000;
/** The first 12,000 records (three a minute): more than one progress step. */
const FIRST_12000 = `to=${BASE_MS + 4_000 * MINUTE}`;

interface Paused {
  /** Resolves once the first chunk has arrived; the client then stops reading. */
  firstChunk: Promise<void>;
  destroy(): void;
}

/** Starts a download that reads one chunk and then nothing more (a stalled client). */
function pausedDownload(baseUrl: string, url: string, token: string): Paused {
  let req: http.ClientRequest | null = null;
  const firstChunk = new Promise<void>((resolve, reject) => {
    req = http.get(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.once('data', () => {
        res.pause();
        resolve();
      });
    });
    req.on('error', () => undefined);
  });
  return { firstChunk, destroy: () => req?.destroy() };
}

describe.each(DB_KINDS)('record export streaming on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'member1', Session>;
  const ws = {} as Record<'admin' | 'admin2' | 'member1', WsProbe>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.listen();
    s.admin = await loginAs(t.app, 'admin');
    s.member1 = await loginAs(t.app, 'member1');
    await addOperations(t.db, ROWS, ['member1', 'member2', 'admin', 'dispatcher1'], { fat: true });
    ws.admin = await WsProbe.open(t.baseUrl, s.admin.auth_token);
    ws.admin2 = await WsProbe.open(t.baseUrl, s.admin.auth_token);
    ws.member1 = await WsProbe.open(t.baseUrl, s.member1.auth_token);
    await Promise.all(Object.values(ws).map((p) => p.ping()));
  });
  afterAll(async () => {
    await Promise.all(Object.values(ws).map((p) => p?.close()));
    await t?.close();
  });

  const progress = (probe: WsProbe, exportId: string) =>
    probe.frames.filter((f) => f.t === EXPORT_PROGRESS_KIND && (f.data as ExportProgressFrame).exportId === exportId).map((f) => f.data as ExportProgressFrame);

  async function lastFrame(exportId: string, done: (f: ExportProgressFrame) => boolean): Promise<ExportProgressFrame> {
    const f = await ws.admin.waitFor((x) => x.t === EXPORT_PROGRESS_KIND && (x.data as ExportProgressFrame).exportId === exportId && done(x.data as ExportProgressFrame), exportId);
    return f.data as ExportProgressFrame;
  }

  /**
   * Resolves with the last frame once the export is held back: over 2 s it wrote fewer than 1% of
   * the rows (the kernel still takes a trickle into the stalled client's socket buffers).
   */
  async function stalled(exportId: string): Promise<ExportProgressFrame> {
    const deadline = Date.now() + 100_000;
    const seen: { at: number; rows: number }[] = [];
    while (Date.now() < deadline) {
      const last = progress(ws.admin, exportId).at(-1);
      if (last?.done) throw new Error(`the export finished although the client read nothing: ${JSON.stringify(last)}`);
      if (last) {
        seen.push({ at: Date.now(), rows: last.rows });
        const before = [...seen].reverse().find((x) => x.at <= Date.now() - 2_000);
        if (before && last.rows > 0 && last.rows - before.rows < ROWS / 100) return last;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the export was not held back by the client');
  }

  it("sends progress to the exporter's own sockets: the total at once, every 10,000 rows, done at the end", async () => {
    const file = await download(t.baseUrl, `/api/records/operations/export?format=csv&${FIRST_12000}&exportId=p-1`, s.admin.auth_token);
    expect(file.status).toBe(200);
    const rows = parseCsv(file.body).length - 1;
    expect(rows).toBeGreaterThan(EXPORT_PROGRESS_EVERY_ROWS);
    const last = await lastFrame('p-1', (f) => f.done);
    expect(last).toEqual({ exportId: 'p-1', rows, total: rows, done: true, cancelled: false });
    const frames = progress(ws.admin, 'p-1');
    expect(frames[0]).toEqual({ exportId: 'p-1', rows: 0, total: rows, done: false, cancelled: false });
    expect(frames.some((f) => !f.done && f.rows >= EXPORT_PROGRESS_EVERY_ROWS)).toBe(true);
    expect(frames.map((f) => f.rows)).toEqual([...frames.map((f) => f.rows)].sort((a, b) => a - b));
    expect(frames.filter((f) => f.done)).toHaveLength(1);
    // Every socket of the exporter gets them, on their own user topic; nobody else.
    await ws.admin2.waitFor((f) => f.t === EXPORT_PROGRESS_KIND && (f.data as ExportProgressFrame).done);
    expect(ws.admin.frames.find((f) => f.t === EXPORT_PROGRESS_KIND)!.topic).toBe(topics.userListen(DEMO_ENT_ID, s.admin.id));
    await ws.member1.ping();
    expect(ws.member1.frames.filter((f) => f.t === EXPORT_PROGRESS_KIND)).toEqual([]);
  });

  it('sends no progress without an export id', async () => {
    const before = ws.admin.frames.length;
    expect((await download(t.baseUrl, '/api/records/operations/export?format=csv&type=3', s.admin.auth_token)).status).toBe(200);
    await ws.admin.ping();
    expect(ws.admin.frames.slice(before).filter((f) => f.t === EXPORT_PROGRESS_KIND)).toEqual([]);
  });

  it.each(['csv', 'xlsx'])('waits for a client that stops reading, and stops when it goes away (%s)', async (format) => {
    const exportId = `stall-${format}`;
    const client = pausedDownload(t.baseUrl, `/api/records/operations/export?format=${format}&exportId=${exportId}`, s.admin.auth_token);
    let waiting: ExportProgressFrame;
    try {
      await client.firstChunk;
      // The client reads nothing more: the server fills what the socket holds, then waits.
      waiting = await stalled(exportId);
    } finally {
      // Never leave the socket open: the app's close would wait for it.
      client.destroy();
    }
    expect(waiting.total).toBe(ROWS);
    expect(waiting.rows).toBeLessThan(ROWS / 2);
    const last = await lastFrame(exportId, (f) => f.done);
    expect(last).toMatchObject({ exportId, done: true, cancelled: true, total: ROWS });
    // It stopped before the next batch (at most one more was read while the close was noticed).
    expect(last.rows).toBeLessThanOrEqual(waiting.rows + 1_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(progress(ws.admin, exportId).at(-1)).toEqual(last);

    // Healthy: lists answer and the next export runs to its end.
    const list = await api<Page<unknown>>(t.app, 'GET', '/api/records/operations?size=5&order=desc', s.admin.auth_token);
    expect(list.body.code).toBe(0);
    const next = await download(t.baseUrl, `/api/records/operations/export?format=${format}&type=7&exportId=${exportId}-after`, s.admin.auth_token);
    expect(next.status).toBe(200);
    expect(await lastFrame(`${exportId}-after`, (f) => f.done)).toMatchObject({ done: true, cancelled: false });
  }, 150_000);
});
