// A Janus of the test's own, for media tests and benches that do not go through the product's
// server (the smoke spec, bench/ptt.bench.mjs): a generated configuration in a temporary folder,
// only the HTTP transport (on 127.0.0.1), the AudioBridge and VideoRoom plugins, a narrow RTP port
// range.
// ICE needs a non-loopback interface, so run it inside scripts/netns.mjs (known-facts.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../harness/server';
import os from 'node:os';
import path from 'node:path';

export const JANUS_BIN = process.env.JANUS_BIN ?? '/usr/bin/janus';
const LIB = process.env.JANUS_LIB_DIR ?? '/usr/lib/x86_64-linux-gnu/janus';
const START_LIMIT_MS = 15_000;

export interface JanusOptions {
  /** AudioBridge rooms addressed by strings (as the product does); default true. */
  stringIds?: boolean;
  rtpPortRange?: string;
  /** Janus log level 0..7; 4 (info) by default, 5+ is verbose. */
  debugLevel?: number;
}

export interface RoomOptions {
  /** AudioBridge packets buffered per participant before mixing; Janus' default is 6. */
  prebuffering?: number;
  samplingRate?: number;
}

export interface RunningJanus {
  /** The HTTP API, e.g. http://127.0.0.1:43123/janus. */
  url: string;
  dir: string;
  logFile: string;
  /** From spawn to the first answer of GET /janus/info. */
  startMs: number;
  log: () => string;
  createRoom: (room: string | number, opts?: RoomOptions) => Promise<void>;
  /** An audio-only VideoRoom room (an SFU: each publisher's packets forwarded, nothing mixed). */
  createVideoRoom: (room: string) => Promise<void>;
  /** One request to the VideoRoom plugin on a session and handle of the caller's own. */
  videoRoomRequest: (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Stops Janus; removes its folder unless KEEP_JANUS=1 (to read the log afterwards). */
  stop: () => Promise<void>;
}

/** Folder of symlinks to the chosen modules only: Janus loads everything in its folders. */
function linkOnly(dir: string, from: string, names: string[]): string {
  mkdirSync(dir);
  for (const n of names) symlinkSync(path.join(from, n), path.join(dir, n));
  return dir;
}

function writeConfig(dir: string, port: number, opts: JanusOptions): void {
  const plugins = linkOnly(path.join(dir, 'plugins'), path.join(LIB, 'plugins'), ['libjanus_audiobridge.so', 'libjanus_videoroom.so']);
  const transports = linkOnly(path.join(dir, 'transports'), path.join(LIB, 'transports'), ['libjanus_http.so']);
  const none = linkOnly(path.join(dir, 'none'), LIB, []);
  writeFileSync(path.join(dir, 'janus.jcfg'), `general: {
  configs_folder = "${dir}"
  plugins_folder = "${plugins}"
  transports_folder = "${transports}"
  events_folder = "${none}"
  loggers_folder = "${none}"
  debug_level = ${opts.debugLevel ?? 4}
  debug_timestamps = true
}
media: {
  rtp_port_range = "${opts.rtpPortRange ?? '20000-20199'}"
}
nat: {
  nice_debug = false
}
`);
  writeFileSync(path.join(dir, 'janus.transport.http.jcfg'), `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
  admin_https = false
}
`);
  writeFileSync(path.join(dir, 'janus.plugin.audiobridge.jcfg'), `general: {
  string_ids = ${opts.stringIds ?? true}
  events = false
}
`);
  writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), `general: {
  string_ids = ${opts.stringIds ?? true}
  events = false
}
`);
}

type JanusReply = { janus: string; data?: { id: number }; plugindata?: { data: Record<string, unknown> }; error?: { reason: string } };

async function call(url: string, body: Record<string, unknown>): Promise<JanusReply> {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ ...body, transaction: randomUUID() }) });
  const reply = (await res.json()) as JanusReply;
  if (reply.janus === 'error') throw new Error(`janus ${String(body.janus)}: ${reply.error?.reason}`);
  return reply;
}

/** A session and a VideoRoom handle kept open for admin requests (moderate, rtp_forward). */
function videoRoomAdmin(url: string) {
  let handlePath: Promise<string> | null = null;
  const open = async () => {
    const session = (await call(url, { janus: 'create' })).data!.id;
    const handle = (await call(`${url}/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
    return `${url}/${session}/${handle}`;
  };
  return async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    handlePath ??= open();
    const reply = await call(await handlePath, { janus: 'message', body });
    const data = reply.plugindata?.data ?? {};
    if (data.error) throw new Error(`videoroom ${String(body.request)}: ${typeof data.error === 'string' ? data.error : JSON.stringify(data.error)}`);
    return data;
  };
}

/** Creates an AudioBridge room through the HTTP API (a session and handle opened for it). */
export async function createRoom(url: string, room: string | number, opts: RoomOptions = {}): Promise<void> {
  const session = (await call(url, { janus: 'create' })).data!.id;
  try {
    const handle = (await call(`${url}/${session}`, { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).data!.id;
    const reply = await call(`${url}/${session}/${handle}`, {
      janus: 'message',
      body: { request: 'create', room, sampling_rate: opts.samplingRate ?? 16_000, default_prebuffering: opts.prebuffering ?? 6 },
    });
    const data = reply.plugindata?.data;
    if (data?.audiobridge !== 'created') throw new Error(`audiobridge create ${room}: ${JSON.stringify(data)}`);
  } finally {
    await call(`${url}/${session}`, { janus: 'destroy' }).catch(() => undefined);
  }
}

export async function startJanus(opts: JanusOptions = {}): Promise<RunningJanus> {
  if (!existsSync(JANUS_BIN)) throw new Error(`${JANUS_BIN} not found: apt-get install janus janus-tools`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-janus-'));
  const port = await freePort();
  writeConfig(dir, port, opts);
  const logFile = path.join(dir, 'janus.log');
  const url = `http://127.0.0.1:${port}/janus`;
  const started = performance.now();
  const child: ChildProcess = spawn(JANUS_BIN, ['-F', dir, '-L', logFile, '-N', '-o'], { stdio: 'ignore' });
  const log = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (process.env.KEEP_JANUS !== '1') rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const out = log();
      await stop();
      throw new Error(`janus exited with ${child.exitCode}:\n${out.slice(-3000)}`);
    }
    if (Date.now() > deadline) {
      const out = log();
      await stop();
      throw new Error(`janus did not answer ${url}/info within ${START_LIMIT_MS} ms:\n${out.slice(-3000)}`);
    }
    try {
      if ((await fetch(`${url}/info`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Math.round(performance.now() - started);
  const videoRoomRequest = videoRoomAdmin(url);
  const createVideoRoom = async (room: string) => {
    await videoRoomRequest({ request: 'create', room, publishers: 16, audiocodec: 'opus', videocodec: 'vp8', notify_joining: false });
  };
  return { url, dir, logFile, startMs, log, createRoom: (room, o) => createRoom(url, room, o), createVideoRoom, videoRoomRequest, stop };
}
