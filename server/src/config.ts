import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  CALL_MEDIA_TIMEOUT_MS,
  CALL_RING_TIMEOUT_MS,
  MONITOR_IDLE_MS,
  MONITOR_JOIN_WAIT_MS,
  MONITOR_PUBLISHER_WAIT_MS,
  REMOTE_NAMES,
  SCREEN_COUNTS_TICK_MS,
  type RemoteName,
} from '@ptt/contracts';
import { loadMapConfig, MapConfigError, type LoadedMapConfig } from './maps/map-config';

export interface AppConfig {
  port: number;
  host: string;
  /** Connections the kernel may hold for the server before it accepts them (see DEFAULT_LISTEN_BACKLOG). */
  listenBacklog: number;
  dataDir: string;
  /** Set: PostgreSQL through `pg`. Unset: embedded PGlite under `<dataDir>/pgdata`. */
  databaseUrl: string | undefined;
  staticDir: string;
  remotesDir: string;
  /** Uploaded files; shared storage (a network volume) when several nodes serve one database. */
  filesDir: string;
  /** Manifest URL per remote, as served by `/config/remotes.json`. */
  remoteUrls: Record<RemoteName, string>;
  bodyLimitBytes: number;
  seedDemo: boolean;
  /** How long opening the embedded database may take before we give up with a clear message. */
  dbOpenTimeoutMs: number;
  logLevel: LogLevel;
  /** A connection without a heartbeat for this long counts as offline. */
  heartbeatTimeoutMs: number;
  /** Set: real-time fan-out and presence go through this Redis, so several nodes serve one
   *  organisation. Unset: in process (one node). */
  redisUrl: string | undefined;
  /** With Redis: a node silent for this long counts as dead and another node announces its
   *  users offline. */
  presenceNodeTtlMs: number;
  /** End-to-end tests only: every captcha shows this text, so a test can answer it. Never set
   *  in production (the server warns at start when it is set). */
  testCaptchaText: string | undefined;
  /** Janus HTTP API base (e.g. http://127.0.0.1:8088/janus) that /main/test checks; unset: "not configured". */
  janusUrl: string | undefined;
  /** PTT media (ADR 010): a Janus the server starts itself, an external one, or none. */
  media: MediaConfig;
  /** Where PTT channel audio goes (issue 18) and where the VideoRoom forwards bursts to record. */
  ptt: PttMediaConfig;
  /** Tile sources of /config/map.json (MAP_TILES, MAP_TIANDITU_KEY), read and checked once at start. */
  map: LoadedMapConfig;
  /** Time limits of commands, calls and monitor sessions; tests and demos shorten them. */
  limits: TimeLimits;
  /**
   * Which peers' `X-Forwarded-For` names the client (Fastify's `trustProxy`): false (default) uses
   * the socket's address and ignores the header, so a client cannot pick its own address for the
   * per-address login throttle, login records or display pairing; behind a load balancer, its
   * addresses (or `true`: every peer) make those per client again instead of all one proxy.
   */
  trustProxy: TrustProxy;
}

/** TRUST_PROXY: off, every peer, or these proxy addresses and CIDR ranges. */
export type TrustProxy = boolean | string[];

/** Each has its own variable of the same name in upper snake case (COMMAND_EXPIRY_MS...). */
export interface TimeLimits {
  /** How long a device has to bring a command to a final state. */
  commandExpiryMs: number;
  /** How long a call rings before it ends as not answered. */
  callRingTimeoutMs: number;
  /** How long an accepted call waits for both parties' audio (and tolerates it gone). */
  callMediaTimeoutMs: number;
  /** A monitor session nobody watches ends after this. */
  monitorIdleMs: number;
  /** A monitor session whose device stopped publishing ends after this. */
  monitorPublisherWaitMs: number;
  /** A device has this long from the command to its first publish. */
  monitorJoinWaitMs: number;
  /** The SOS escalation sweep's period (ADR 025: one statement a second per node). */
  sosSweepMs: number;
  /** How often each node checks the large screen's counts for its screen sockets (ADR 026). */
  screenCountsTickMs: number;
  /** The patrol tick (ADR 029): scheduled runs made, overdue stops missed, finished runs ended. */
  patrolTickMs: number;
}

export const DEFAULT_COMMAND_EXPIRY_MS = 60_000;

export const DEFAULT_TIME_LIMITS: TimeLimits = {
  commandExpiryMs: DEFAULT_COMMAND_EXPIRY_MS,
  callRingTimeoutMs: CALL_RING_TIMEOUT_MS,
  callMediaTimeoutMs: CALL_MEDIA_TIMEOUT_MS,
  monitorIdleMs: MONITOR_IDLE_MS,
  monitorPublisherWaitMs: MONITOR_PUBLISHER_WAIT_MS,
  monitorJoinWaitMs: MONITOR_JOIN_WAIT_MS,
  sosSweepMs: 1_000,
  screenCountsTickMs: SCREEN_COUNTS_TICK_MS,
  patrolTickMs: 15_000,
};

/** Where PTT audio is mixed: none (PTT answers 'PTT intercom cannot connect'), a Janus the server
 *  starts from a generated configuration under `<dataDir>/janus`, or an external Janus. */
export type MediaConfig =
  | { kind: 'none' }
  | { kind: 'autostart'; janusBin: string; folder: string; recordDir: string }
  | { kind: 'external'; janusUrl: string; apiSecret: string; adminKey: string; recordDir: string };

export const DEFAULT_JANUS_BIN = '/usr/bin/janus';

/**
 * PTT_MEDIA: `sfu` (default) puts channel and temporary-channel rooms on the Janus VideoRoom, whose
 * packets are forwarded without mixing (about 80 ms less mouth to ear, issue 18); `mix` keeps them
 * on the AudioBridge like calls. JANUS_RTP_FORWARD_HOST: the address of this server that Janus
 * sends a burst's RTP to for the recording (default 127.0.0.1, Janus on the same machine).
 */
export interface PttMediaConfig {
  path: 'sfu' | 'mix';
  rtpForwardHost: string;
}

/**
 * The listening socket's queue of connections not yet accepted. Node's 511 overflowed when a
 * killed node's 5,000 clients came to the survivor within a second: the kernel dropped the
 * overflow and those clients' TCP waited out SYN retransmits (1, 3, 7, 15 s), so most took 10-26 s
 * to come back though the node had CPU to spare (issue 25, docs/reliability.md). Linux caps it at
 * net.core.somaxconn (4096 by default since 5.4).
 */
export const DEFAULT_LISTEN_BACKLOG = 4096;

/** Two and a half heartbeat intervals (60 s): one lost heartbeat is not enough to look offline. */
export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 150_000;

/**
 * Members one organisation may have on the embedded database (PGlite) before the server warns at
 * start. PGlite runs in the server's own process and answers one query at a time, so every list
 * request waits for the ones before it; bench/lists.bench.mjs (BENCH_SWEEP=1) found the management
 * lists under p99 200 ms at 50 requests per second up to 25,000 members, and at 50,000 the
 * heaviest (a member search matching 5% of everyone) needed 20 ms of CPU a request, the whole
 * thread at that rate (ADR 019). Beyond it: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).
 */
export const PGLITE_MEMBER_LIMIT = 25_000;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** server/src and server/dist both sit two levels below the repository root. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const MIB_BYTES = 1024 * 1024;

// An empty variable means "not set" (scripts pass DATABASE_URL='' to force the embedded db).
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Timers shorter than these would fire before a round trip could answer them.
const millis = (min: number) => z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(min);

const urlText = z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
  message: 'must be an absolute path (/...) or an http(s) URL',
});

const envSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), { message: 'must start with postgres:// or postgresql://' }),
  ),
  STATIC_DIR: optional(z.string()),
  FILES_DIR: optional(z.string()),
  REMOTES_DIR: optional(z.string()),
  BODY_LIMIT_BYTES: optional(z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1024).max(512 * MIB_BYTES)),
  SEED_DEMO: optional(booleanText),
  DB_OPEN_TIMEOUT_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(1000)),
  HEARTBEAT_TIMEOUT_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(1000)),
  LISTEN_BACKLOG: optional(z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1).max(65535)),
  REDIS_URL: optional(z.string().refine((v) => v.startsWith('redis://'), { message: 'must start with redis://' })),
  PRESENCE_NODE_TTL_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(1000).max(600_000)),
  PTT_TEST_CAPTCHA_TEXT: optional(z.string().regex(/^[A-Z0-9]{4}$/, { message: 'must be 4 upper-case letters or digits' })),
  JANUS_URL: optional(
    z.string().refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: 'must be an http(s) URL such as http://127.0.0.1:8088/janus' }),
  ),
  JANUS_AUTOSTART: optional(booleanText),
  JANUS_BIN: optional(z.string().refine((v) => path.isAbsolute(v), { message: 'must be an absolute path' })),
  JANUS_API_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
  JANUS_ADMIN_KEY: optional(z.string().min(8, 'must be at least 8 characters')),
  JANUS_RECORD_DIR: optional(z.string()),
  PTT_MEDIA: optional(z.enum(['sfu', 'mix'], { error: 'must be sfu or mix' })),
  JANUS_RTP_FORWARD_HOST: optional(z.string().refine((v) => isIP(v) !== 0, { message: 'must be an IP address of this server' })),
  COMMAND_EXPIRY_MS: optional(millis(100)),
  CALL_RING_TIMEOUT_MS: optional(millis(100)),
  CALL_MEDIA_TIMEOUT_MS: optional(millis(100)),
  MONITOR_IDLE_MS: optional(millis(500)),
  MONITOR_PUBLISHER_WAIT_MS: optional(millis(500)),
  MONITOR_JOIN_WAIT_MS: optional(millis(500)),
  SOS_SWEEP_MS: optional(millis(50)),
  SCREEN_COUNTS_TICK_MS: optional(millis(50)),
  PATROL_TICK_MS: optional(millis(50)),
  TRUST_PROXY: optional(
    z.string().transform((v, ctx): TrustProxy => {
      const text = v.trim().toLowerCase();
      if (['false', '0', 'no'].includes(text)) return false;
      if (['true', 'yes'].includes(text)) return true;
      const list = text.split(',').map((a) => a.trim());
      if (list.every(isProxyAddress)) return list;
      ctx.addIssue({ code: 'custom', message: 'must be false, true or a comma-separated list of proxy IP addresses or CIDR ranges' });
      return z.NEVER;
    }),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  ...Object.fromEntries(REMOTE_NAMES.map((name) => [remoteUrlVar(name), optional(urlText)])),
});

/** An IP address or a CIDR range (10.0.0.0/8, fd00::/8) as a TRUST_PROXY entry. */
function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

// Never printed: a refused secret still is one.
const SECRET_VARS = new Set(['JANUS_API_SECRET', 'JANUS_ADMIN_KEY']);

function remoteUrlVar(name: RemoteName): string {
  return `REMOTE_${name.toUpperCase()}_URL`;
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot: string = REPO_ROOT): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const shown = (name: string) => (SECRET_VARS.has(name) ? '(hidden)' : JSON.stringify(env[name]));
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${shown(String(i.path[0]))}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data as Record<string, unknown> & z.infer<typeof envSchema>;
  // A fixed captcha defeats the login throttle, so it needs a second, deliberate switch.
  if (e.PTT_TEST_CAPTCHA_TEXT && env.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration:\n  PTT_TEST_CAPTCHA_TEXT is for end-to-end tests only and needs NODE_ENV=test');
  }
  // A bad MAP_TILES file stops the start with the other configuration errors.
  let map: LoadedMapConfig;
  try {
    map = loadMapConfig(env, repoRoot);
  } catch (err) {
    if (err instanceof MapConfigError) throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
  const abs = (p: string | undefined, fallback: string): string => path.resolve(repoRoot, p ?? fallback);
  const dataDir = abs(e.DATA_DIR, '.data');
  const media = mediaConfig(e, dataDir, abs);
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, (e[remoteUrlVar(name)] as string | undefined) ?? `/remotes/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  return {
    port: e.PORT ?? 8080,
    listenBacklog: e.LISTEN_BACKLOG ?? DEFAULT_LISTEN_BACKLOG,
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    filesDir: e.FILES_DIR ? abs(e.FILES_DIR, '') : path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    staticDir: abs(e.STATIC_DIR, 'host/dist'),
    remotesDir: abs(e.REMOTES_DIR, 'remotes'),
    remoteUrls,
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? MIB_BYTES,
    seedDemo: e.SEED_DEMO ?? true,
    dbOpenTimeoutMs: e.DB_OPEN_TIMEOUT_MS ?? 60_000,
    logLevel: e.LOG_LEVEL ?? 'warn',
    heartbeatTimeoutMs: e.HEARTBEAT_TIMEOUT_MS ?? DEFAULT_HEARTBEAT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    presenceNodeTtlMs: e.PRESENCE_NODE_TTL_MS ?? 15_000,
    testCaptchaText: e.PTT_TEST_CAPTCHA_TEXT,
    janusUrl: e.JANUS_URL,
    media,
    ptt: { path: e.PTT_MEDIA ?? 'sfu', rtpForwardHost: e.JANUS_RTP_FORWARD_HOST ?? '127.0.0.1' },
    map,
    limits: {
      commandExpiryMs: e.COMMAND_EXPIRY_MS ?? DEFAULT_TIME_LIMITS.commandExpiryMs,
      callRingTimeoutMs: e.CALL_RING_TIMEOUT_MS ?? DEFAULT_TIME_LIMITS.callRingTimeoutMs,
      callMediaTimeoutMs: e.CALL_MEDIA_TIMEOUT_MS ?? DEFAULT_TIME_LIMITS.callMediaTimeoutMs,
      monitorIdleMs: e.MONITOR_IDLE_MS ?? DEFAULT_TIME_LIMITS.monitorIdleMs,
      monitorPublisherWaitMs: e.MONITOR_PUBLISHER_WAIT_MS ?? DEFAULT_TIME_LIMITS.monitorPublisherWaitMs,
      monitorJoinWaitMs: e.MONITOR_JOIN_WAIT_MS ?? DEFAULT_TIME_LIMITS.monitorJoinWaitMs,
      sosSweepMs: e.SOS_SWEEP_MS ?? DEFAULT_TIME_LIMITS.sosSweepMs,
      screenCountsTickMs: e.SCREEN_COUNTS_TICK_MS ?? DEFAULT_TIME_LIMITS.screenCountsTickMs,
      patrolTickMs: e.PATROL_TICK_MS ?? DEFAULT_TIME_LIMITS.patrolTickMs,
    },
    trustProxy: e.TRUST_PROXY ?? false,
  };
}

type Env = z.infer<typeof envSchema>;

/**
 * The Janus variables must describe one of three set-ups: JANUS_AUTOSTART=true (the server starts
 * Janus; JANUS_BIN and JANUS_RECORD_DIR may adjust it), an external Janus (JANUS_URL with
 * JANUS_API_SECRET, JANUS_ADMIN_KEY and JANUS_RECORD_DIR, all four), or none. JANUS_URL alone is
 * the diagnostics probe of earlier versions: it keeps working, with PTT media off.
 */
function mediaConfig(e: Env, dataDir: string, abs: (p: string | undefined, fallback: string) => string): MediaConfig {
  const refuse = (line: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  const external = { JANUS_API_SECRET: e.JANUS_API_SECRET, JANUS_ADMIN_KEY: e.JANUS_ADMIN_KEY, JANUS_RECORD_DIR: e.JANUS_RECORD_DIR };
  const folder = path.join(dataDir, 'janus');
  if (e.JANUS_AUTOSTART) {
    const clashing = ['JANUS_URL', 'JANUS_API_SECRET', 'JANUS_ADMIN_KEY'].filter((k) => e[k as keyof Env] !== undefined);
    if (clashing.length > 0) {
      refuse(`JANUS_AUTOSTART=true starts its own Janus with generated secrets: unset ${clashing.join(', ')} (they describe an external Janus)`);
    }
    const recordDir = e.JANUS_RECORD_DIR ? abs(e.JANUS_RECORD_DIR, '') : path.join(folder, 'recordings');
    return { kind: 'autostart', janusBin: e.JANUS_BIN ?? DEFAULT_JANUS_BIN, folder, recordDir };
  }
  if (e.JANUS_BIN) refuse('JANUS_BIN is used only with JANUS_AUTOSTART=true');
  const given = Object.entries(external).filter(([, v]) => v !== undefined);
  if (given.length === 0) return { kind: 'none' };
  const missing = [...(e.JANUS_URL ? [] : ['JANUS_URL']), ...Object.entries(external).filter(([, v]) => v === undefined).map(([k]) => k)];
  if (missing.length > 0) {
    refuse(`an external Janus needs JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY and JANUS_RECORD_DIR together: missing ${missing.join(', ')}`);
  }
  return {
    kind: 'external',
    janusUrl: e.JANUS_URL!,
    apiSecret: e.JANUS_API_SECRET!,
    adminKey: e.JANUS_ADMIN_KEY!,
    recordDir: abs(e.JANUS_RECORD_DIR, ''),
  };
}
