// Starts the machine's own Janus (Debian package janus) for a test, the way JANUS_AUTOSTART does:
// a generated configuration in a temp folder, HTTP API on a free loopback port. Room operations and
// the HTTP API need no network namespace; only ICE media does (known-facts.md). One Janus per test
// file: a start takes well under a second once the libraries are cached.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbKind } from '../src/db/db';
import { DEFAULT_JANUS_BIN } from '../src/config';
import { JanusClient, type JanusJson } from '../src/media/janus-client';
import { JanusProcess } from '../src/media/janus-process';
import { JanusRooms } from '../src/media/janus-rooms';
import type { Logger } from '../src/logger';
import type { MediaRooms } from '../src/media/media-rooms';
import { createTestApp, type TestApp } from './test-app';

/** Keeps what the media side logged, for assertions (watchdog warnings, restarts). */
export class RecordingLog implements Logger {
  lines: { level: 'info' | 'warn' | 'error'; msg: string; obj: Record<string, unknown> }[] = [];
  info(obj: object, msg: string): void {
    this.lines.push({ level: 'info', msg, obj: obj as Record<string, unknown> });
  }
  warn(obj: object, msg: string): void {
    this.lines.push({ level: 'warn', msg, obj: obj as Record<string, unknown> });
  }
  error(obj: object, msg: string): void {
    this.lines.push({ level: 'error', msg, obj: obj as Record<string, unknown> });
  }
}

export interface TestJanus {
  process: JanusProcess;
  rooms: JanusRooms;
  /** `<tmp>/janus`: configuration, log, pid file. */
  folder: string;
  recordDir: string;
  log: RecordingLog;
  /** Janus's API with the secret, as a client that got past the proxy would use it. */
  raw: JanusRaw;
  close(): Promise<void>;
}

export interface TestJanusOptions {
  watchIntervalMs?: number;
  restartDelayMs?: number;
}

export async function startTestJanus(opts: TestJanusOptions = {}): Promise<TestJanus> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ptt-janus-'));
  const folder = path.join(root, 'janus');
  const recordDir = path.join(root, 'recordings');
  const log = new RecordingLog();
  const janusBin = process.env.JANUS_BIN ?? DEFAULT_JANUS_BIN;
  const proc = await JanusProcess.start({ janusBin, folder, log, restartDelayMs: opts.restartDelayMs ?? 200 });
  const client = new JanusClient({ url: () => proc.url, apiSecret: proc.apiSecret, log });
  const rooms = new JanusRooms({ client, adminKey: proc.adminKey, recordDir, log, process: proc, watchIntervalMs: opts.watchIntervalMs ?? 200 });
  const raw = new JanusRaw(() => proc.url, proc.apiSecret);
  return {
    process: proc,
    rooms,
    folder,
    recordDir,
    log,
    raw,
    async close() {
      await rooms.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Direct Janus API calls with the API secret: sessions, handles and plugin messages. */
export class JanusRaw {
  private n = 0;
  constructor(
    private readonly url: () => string,
    private readonly apiSecret: string,
  ) {}

  async post(p: string, body: JanusJson): Promise<JanusJson> {
    const res = await fetch(`${this.url()}${p}`, {
      method: 'POST',
      body: JSON.stringify({ transaction: `raw${this.n++}`, apisecret: this.apiSecret, ...body }),
    });
    return (await res.json()) as JanusJson;
  }

  /** A session with one AudioBridge handle. */
  async attach(): Promise<{ session: number; handle: number }> {
    const session = ((await this.post('', { janus: 'create' })).data as { id: number }).id;
    const handle = ((await this.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).data as { id: number }).id;
    return { session, handle };
  }

  /** A plugin message; the synchronous answer's plugin data, or the whole answer for async ones. */
  async message(h: { session: number; handle: number }, body: JanusJson): Promise<JanusJson> {
    const answer = await this.post(`/${h.session}/${h.handle}`, { janus: 'message', body });
    return (answer.plugindata as { data?: JanusJson } | undefined)?.data ?? answer;
  }

  /** Joins a room as a participant without media (no JSEP): it is listed, muted. */
  async join(room: string, pin: string, display: string): Promise<{ session: number; handle: number }> {
    const h = await this.attach();
    await this.message(h, { request: 'join', room, pin, display, muted: true });
    return h;
  }
}

export type MediaTestApp = TestApp;

/** The whole app (test-app.ts) with the given media rooms. */
export function createMediaTestApp(kind: DbKind, media: MediaRooms): Promise<MediaTestApp> {
  return createTestApp(kind, { media });
}
