import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The configuration folder the server generates for the Janus it starts (ADR 010): only what PTT
// needs is loaded, the HTTP API listens on loopback with a secret only this server knows, and the
// RTP ports sit in a narrow block of their own so two servers on one machine do not collide.

/** Plugins, transports, event handlers and loggers we keep; every other library found is disabled. */
const KEEP = new Set(['libjanus_audiobridge.so', 'libjanus_videoroom.so', 'libjanus_http.so']);
const RTP_BLOCK = 200;
const RTP_FIRST = 20_000;
const RTP_LAST = 59_999;

export interface JanusLibDirs {
  plugins: string;
  transports: string;
  events: string;
  loggers: string;
}

export interface JanusSetup {
  /** The folder of janus.jcfg and the plugin files (`janus -F`). */
  configFolder: string;
  logFile: string;
  port: number;
  /** http://127.0.0.1:<port>/janus */
  url: string;
  apiSecret: string;
  adminKey: string;
  rtpPortRange: string;
}

/** Where the Debian package (or a build under /usr/local or /opt/janus) keeps its libraries. */
export function findJanusLibDirs(janusBin: string): JanusLibDirs {
  const prefix = path.dirname(path.dirname(janusBin));
  const libs = [path.join(prefix, 'lib')];
  if (existsSync(libs[0]!)) {
    for (const d of readdirSync(libs[0]!)) if (/-linux-gnu/.test(d)) libs.unshift(path.join(prefix, 'lib', d));
  }
  const base = libs.map((l) => path.join(l, 'janus')).find((d) => existsSync(path.join(d, 'plugins', 'libjanus_audiobridge.so')));
  if (!base) {
    throw new Error(`The Janus AudioBridge plugin was not found under ${libs.join(' or ')}/janus/plugins: install the Debian package janus`);
  }
  return { plugins: path.join(base, 'plugins'), transports: path.join(base, 'transports'), events: path.join(base, 'events'), loggers: path.join(base, 'loggers') };
}

/** A random block of 200 ports: two servers on one machine share one with a chance of 1 in 200. */
export function randomRtpPortRange(): string {
  const first = RTP_FIRST + RTP_BLOCK * randomInt(0, Math.floor((RTP_LAST - RTP_FIRST + 1) / RTP_BLOCK));
  return `${first}-${first + RTP_BLOCK - 1}`;
}

export const randomSecret = (): string => randomBytes(24).toString('base64url');

/** libconfig string literal. */
const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function disabled(dir: string): string {
  const libs = existsSync(dir) ? readdirSync(dir).filter((f) => /^libjanus_\w+\.so$/.test(f) && !KEEP.has(f)) : [];
  return q(libs.sort().join(','));
}

export interface JanusSetupOptions {
  folder: string;
  janusBin: string;
  port: number;
  apiSecret?: string;
  adminKey?: string;
  rtpPortRange?: string;
  /** Session time-out in seconds; the server's client sends a keepalive every 25 s. */
  sessionTimeoutS?: number;
}

/** Writes `<folder>/config/*.jcfg` (replacing earlier ones) and returns what the server needs. */
export function writeJanusConfig(opts: JanusSetupOptions): JanusSetup {
  const dirs = findJanusLibDirs(opts.janusBin);
  const configFolder = path.join(opts.folder, 'config');
  mkdirSync(configFolder, { recursive: true, mode: 0o700 });
  const setup: JanusSetup = {
    configFolder,
    logFile: path.join(opts.folder, 'janus.log'),
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}/janus`,
    apiSecret: opts.apiSecret ?? randomSecret(),
    adminKey: opts.adminKey ?? randomSecret(),
    rtpPortRange: opts.rtpPortRange ?? randomRtpPortRange(),
  };
  const files: Record<string, string> = {
    'janus.jcfg': `general: {
  configs_folder = ${q(configFolder)}
  plugins_folder = ${q(dirs.plugins)}
  transports_folder = ${q(dirs.transports)}
  events_folder = ${q(dirs.events)}
  loggers_folder = ${q(dirs.loggers)}
  debug_level = 4
  debug_timestamps = true
  debug_colors = false
  api_secret = ${q(setup.apiSecret)}
  session_timeout = ${opts.sessionTimeoutS ?? 60}
  server_name = "ptt-janus"
  hide_dependencies = true
}
media: {
  rtp_port_range = ${q(setup.rtpPortRange)}
}
nat: {
  nice_debug = false
  ice_ignore_list = "vmnet"
}
plugins: {
  disable = ${disabled(dirs.plugins)}
}
transports: {
  disable = ${disabled(dirs.transports)}
}
loggers: {
  disable = ${disabled(dirs.loggers)}
}
events: {
  broadcast = false
  disable = ${disabled(dirs.events)}
}
`,
    // The admin API stays off: the server needs only the Janus API.
    'janus.transport.http.jcfg': `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  ip = "127.0.0.1"
  port = ${opts.port}
  https = false
}
admin: {
  admin_http = false
  admin_https = false
}
`,
    // Rooms are created by the server only (admin_key), with string ids: the room id is the chat id.
    // A burst's WAV keeps the .tmp extension until Janus has closed it.
    'janus.plugin.audiobridge.jcfg': `general: {
  admin_key = ${q(setup.adminKey)}
  lock_rtp_forward = true
  lock_play_file = true
  record_tmp_ext = "tmp"
  string_ids = true
  events = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
  admin_key = ${q(setup.adminKey)}
  lock_rtp_forward = true
  string_ids = true
  events = false
}
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(configFolder, name), text, { mode: 0o600 });
  return setup;
}
