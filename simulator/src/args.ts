import { CoordinateSystem } from '@ptt/contracts';
import { ANSWER_MODES, parseRangeMs, type AnswerMode } from './calls';
import { PATROL_COMMAND_USAGE, parsePatrolCommand, type PatrolCommand } from './patrol';

export interface SimOptions {
  /** REST and /ws2 base, e.g. http://127.0.0.1:8080 */
  url: string;
  entId: number;
  /** How many `simNNNN` accounts to provision and drive (ignored with `accounts`). */
  devices: number;
  /** Existing accounts to drive instead (`--accounts a,b` or `--demo` for member1-6); no provisioning. */
  accounts: string[] | null;
  /** `--demo`: the demo organisation, whose inventory also gets a few spare, unactivated handsets. */
  demo: boolean;
  /** Password of the device accounts (set on the ones the simulator creates). */
  password: string;
  /** Account that creates missing accounts and devices. */
  admin: string;
  adminPassword: string;
  /** SOS raised at random across the fleet, per minute (0: only on demand). */
  sosRate: number;
  /** Milliseconds between two positions of one device. */
  intervalMs: number;
  center: { lng: number; lat: number };
  /** Devices wander within this many metres of the center. */
  radiusM: number;
  /** Coordinate system the positions are in (the walk simply happens in it). */
  coord: CoordinateSystem;
  /** Logins (scrypt on the server) and account creations at a time. */
  concurrency: number;
  /** Milliseconds between two status lines. */
  statusMs: number;
  /** Publish test audio and video for listen and monitor and talk in calls, from a headless Chromium. */
  media: boolean;
  /** Chromium for --media (default: SIM_CHROMIUM, /usr/bin/chromium). */
  chromium: string | null;
  /** How calls ringing on a device are answered. */
  answer: AnswerMode;
  /** Accepting a call takes this long (random in between). */
  answerAfterMs: { min: number; max: number };
  /** A random member crosses a fence that covers them this often, in ms (0: only on demand, `cross`). */
  crossEveryMs: number;
  /** Members walk their open patrol runs (ADR 029): on with --demo, --patrol / --no-patrol. */
  patrol: boolean;
  /**
   * `... patrol <account> [--skip <seq>] [--delay <seq>:<seconds>]` after the options: walk that
   * member's current run, then exit (0: the run has no pending stop left, 1: it could not).
   */
  command: PatrolCommand | null;
}

export const DEMO_ACCOUNTS = ['member1', 'member2', 'member3', 'member4', 'member5', 'member6'];
/** `--demo` without `--sos-rate`: an SOS every four minutes or so, so `npm start` shows the SOS
 *  queue, its alarm and its escalation without anyone typing "sos". */
export const DEMO_SOS_RATE = 0.25;
/** `--demo` without `--cross-every`: a member walks across one of the seeded fences every four
 *  minutes, so `npm start` shows fence alerts too (ADR 027). */
export const DEMO_CROSS_EVERY_MS = 240_000;

export const USAGE = `Usage: npm run simulate -- [options] [patrol <account> [--skip <seq>] [--delay <seq>:<seconds>]]

  --devices N          simulate N devices sim0001..simN, created if missing (default 10)
  --accounts a,b,...   drive these existing accounts instead (no accounts or devices created)
  --demo               drive the demo organisation's handsets member1-6 (and --sos-rate ${DEMO_SOS_RATE})
  --url URL            server base (default http://127.0.0.1:8080)
  --ent ID             organisation id (default 100001)
  --sos-rate R         random SOS per minute across all devices (default 0; ${DEMO_SOS_RATE} with --demo)
  --interval MS        milliseconds between positions of one device (default 5000)
  --center LNG,LAT     center of the random walk (default 116.397,39.909)
  --radius M           metres the devices wander from the center (default 3000)
  --coord wgs|gcj      coordinate system of the positions (default wgs)
  --password P         device accounts' password (env SIM_DEVICE_PASSWORD, default demo123)
  --admin ACCOUNT      account that creates accounts and devices (env SIM_ADMIN, default admin)
  --admin-password P   its password (env SIM_PASSWORD, default demo123)
  --concurrency N      logins at a time (default 4)
  --status-every MS    milliseconds between status lines (default 10000)
  --media              publish test audio and video (environment listen and monitor) and talk in
                       calls, from a headless Chromium through the server's /janus (needs Debian
                       chromium; without it listen and monitor fail and calls are declined as busy)
  --chromium PATH      the Chromium for --media (env SIM_CHROMIUM, default /usr/bin/chromium)
  --answer MODE        how calls are answered: mix (default: the first call is accepted, then 70%
                       accept, 10% reject, 10% busy, 10% no answer), accept, reject, busy, none
  --answer-after MS    accepting takes MS or MIN-MAX milliseconds (default 2000-5000)
  --cross-every MS     every MS a random member walks across an enabled fence that covers them
                       (default 0: off; ${DEMO_CROSS_EVERY_MS} with --demo)
  --patrol, --no-patrol  members read their open patrol runs (GET /api/me/patrol) every 30 s and
                       walk them, reaching each stop at its planned time (GPS, or a QR/NFC scan where
                       the node takes no GPS); one member per run; about one run in four skips a stop
                       or is late at one (default: on with --demo, else off)

patrol <account> [--skip <seq>[,<seq>]] [--delay <seq>:<seconds>]  (after the options: one-shot)
                       walk that member's current open run (stops are the run's seq, from 0), skipping
                       and delaying as asked, print each stop's result, and exit once the run has no
                       pending stop left: exit 0; 1 when it cannot (no open run, not connected, still
                       pending after the run's deadline); 2 for a bad command line

Type on stdin: "sos <account>" (or "sos" for a random device), "cross <account> <fenceId>" (walk
the member over the fence's edge onto the side it alerts for, and keep them there past its
dwell), "${PATROL_COMMAND_USAGE}" (as above, the simulator keeps running;
its last line starts "patrol <account>: done:" or "patrol <account>: cannot walk:"), "status", "quit".
Creating accounts, and reading fences for "cross", log the admin in on the web, which ends that
admin's open console session (with --demo the super admin is used instead).`;

export class ArgsError extends Error {
  override name = 'ArgsError';
}

function number(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new ArgsError(`${flag} must be a number from ${min} to ${max}`);
  return n;
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = number(flag, text, min, max);
  if (!Number.isInteger(n)) throw new ArgsError(`${flag} must be a whole number`);
  return n;
}

function center(text: string): { lng: number; lat: number } {
  const parts = text.split(',');
  if (parts.length !== 2) throw new ArgsError('--center must be LNG,LAT');
  return { lng: number('--center longitude', parts[0]!, -180, 180), lat: number('--center latitude', parts[1]!, -85, 85) };
}

const FLAGS_WITH_VALUE = new Set([
  '--devices', '--accounts', '--url', '--ent', '--sos-rate', '--interval', '--center', '--radius', '--coord',
  '--password', '--admin', '--admin-password', '--concurrency', '--status-every', '--chromium', '--answer', '--answer-after',
  '--cross-every',
]);

function patrolCommand(words: readonly string[]): PatrolCommand {
  try {
    return parsePatrolCommand(words);
  } catch (err) {
    throw new ArgsError(`patrol: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Reads the command line (`--flag value` or `--flag=value`); null means `--help` was asked. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): SimOptions | null {
  const o: SimOptions = {
    url: 'http://127.0.0.1:8080',
    entId: 100001,
    devices: 10,
    accounts: null,
    demo: false,
    password: env.SIM_DEVICE_PASSWORD || 'demo123',
    admin: env.SIM_ADMIN || 'admin',
    adminPassword: env.SIM_PASSWORD || 'demo123',
    sosRate: 0,
    intervalMs: 5000,
    center: { lng: 116.397, lat: 39.909 },
    radiusM: 3000,
    coord: CoordinateSystem.WGS,
    concurrency: 4,
    statusMs: 10_000,
    media: false,
    chromium: null,
    answer: 'mix',
    answerAfterMs: { min: 2000, max: 5000 },
    crossEveryMs: 0,
    patrol: false,
    command: null,
  };
  let sosRateGiven = false;
  let crossEveryGiven = false;
  let patrolGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return null;
    if (arg === 'patrol') {
      if (argv.slice(i + 1).some((a) => a === '--help' || a === '-h')) return null;
      o.command = patrolCommand(argv.slice(i + 1));
      break;
    }
    if (arg === '--patrol' || arg === '--no-patrol') {
      o.patrol = arg === '--patrol';
      patrolGiven = true;
      continue;
    }
    if (arg === '--demo') {
      o.accounts = [...DEMO_ACCOUNTS];
      o.demo = true;
      continue;
    }
    if (arg === '--media') {
      o.media = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!FLAGS_WITH_VALUE.has(flag)) throw new ArgsError(`unknown option ${arg}`);
    const raw = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined) throw new ArgsError(`${flag} needs a value`);
    // Passwords are taken as typed: spaces are part of a password.
    const value = flag.endsWith('password') ? raw : raw.trim();
    switch (flag) {
      case '--devices': o.devices = integer(flag, value, 1, 100_000); break;
      case '--accounts': {
        const list = value.split(',').map((a) => a.trim()).filter(Boolean);
        if (list.length === 0) throw new ArgsError('--accounts needs at least one account');
        o.accounts = list;
        break;
      }
      case '--url':
        if (!/^https?:\/\/[^/]+/.test(value)) throw new ArgsError('--url must start with http:// or https://');
        o.url = value.replace(/\/+$/, '');
        break;
      case '--ent': o.entId = integer(flag, value, 1, 2_147_483_647); break;
      case '--sos-rate':
        o.sosRate = number(flag, value, 0, 60_000);
        sosRateGiven = true;
        break;
      case '--interval': o.intervalMs = integer(flag, value, 100, 3_600_000); break;
      case '--center': o.center = center(value); break;
      case '--radius': o.radiusM = number(flag, value, 1, 1_000_000); break;
      case '--coord':
        if (value !== 'wgs' && value !== 'gcj') throw new ArgsError('--coord must be wgs or gcj');
        o.coord = value === 'wgs' ? CoordinateSystem.WGS : CoordinateSystem.GCJ;
        break;
      case '--password': o.password = value; break;
      case '--admin': o.admin = value; break;
      case '--admin-password': o.adminPassword = value; break;
      case '--concurrency': o.concurrency = integer(flag, value, 1, 64); break;
      case '--status-every': o.statusMs = integer(flag, value, 1000, 3_600_000); break;
      case '--chromium': o.chromium = value; break;
      case '--answer':
        if (!(ANSWER_MODES as readonly string[]).includes(value)) throw new ArgsError(`--answer must be one of ${ANSWER_MODES.join(', ')}`);
        o.answer = value as AnswerMode;
        break;
      case '--answer-after': {
        const range = parseRangeMs(value);
        if (!range || range.max > 60_000) throw new ArgsError('--answer-after must be MS or MIN-MAX milliseconds, at most 60000');
        o.answerAfterMs = range;
        break;
      }
      case '--cross-every': {
        const ms = integer(flag, value, 0, 86_400_000);
        if (ms > 0 && ms < 10_000) throw new ArgsError('--cross-every must be 0 (off) or at least 10000 ms');
        o.crossEveryMs = ms;
        crossEveryGiven = true;
        break;
      }
    }
  }
  if (o.demo && !sosRateGiven) o.sosRate = DEMO_SOS_RATE;
  if (o.demo && !crossEveryGiven) o.crossEveryMs = DEMO_CROSS_EVERY_MS;
  if (o.demo && !patrolGiven) o.patrol = true;
  if (o.command) {
    // One-shot: just that member, nothing at random, unless asked for explicitly.
    o.accounts ??= [o.command.account];
    if (!o.accounts.includes(o.command.account)) throw new ArgsError(`patrol: ${o.command.account} is not among the simulated accounts`);
    if (!patrolGiven) o.patrol = false;
    if (!sosRateGiven) o.sosRate = 0;
    if (!crossEveryGiven) o.crossEveryMs = 0;
  }
  return o;
}
