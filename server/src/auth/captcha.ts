import { createHash, randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Captcha } from '@ptt/contracts';
import { MemorySendLimiter, type SendLimiter } from '../chat/send-limiter';
import type { Queryable } from '../db/db';
import { BusyError } from '../http/busy-error';

const CAPTCHA_TTL_S = 120;
// No 0/O, 1/I/L: people misread them.
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CAPTCHA_LENGTH = 4;
/**
 * Each captcha is a row: a public caller could otherwise fill the table as fast as it can ask.
 * 20 a minute per address is far more than a person at the login or password form needs; counted
 * in this node's memory, or with REDIS_URL in Redis for all nodes together (main.ts).
 */
export const CAPTCHAS_PER_ADDRESS = 20;
export const CAPTCHA_WINDOW_MS = 60_000;


// The package's default export draws a given text (its typings only declare the random helpers).
const renderSvg = svgCaptcha as unknown as (text: string, opts: { noise: number; color: boolean; width: number; height: number }) => string;

function randomText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return text;
}

function answerHash(id: string, text: string): string {
  return createHash('sha256').update(`${id}:${text.trim().toUpperCase()}`).digest('hex');
}

/**
 * Image captchas: an SVG with a 4-character code; only a hash of the answer is stored, each one
 * expires after two minutes and can be checked once (right or wrong), so it cannot be brute-forced.
 */
export class CaptchaService {
  constructor(
    private readonly db: Queryable,
    /** Tests supply the text so they can answer; production draws it at random. */
    private readonly textFor: () => string = randomText,
    private readonly perAddress: SendLimiter = new MemorySendLimiter(CAPTCHAS_PER_ADDRESS, CAPTCHA_WINDOW_MS),
  ) {}

  /** A new captcha for a caller at `ip` (null: unknown, counted together). */
  async create(ip: string | null): Promise<Captcha> {
    if (!(await this.perAddress.take(ip ?? 'unknown'))) throw new BusyError('captchaBusy');
    const id = randomBytes(16).toString('base64url');
    const text = this.textFor();
    const svg = renderSvg(text, { noise: 3, color: false, width: 120, height: 40 });
    const r = await this.db.query<{ expiresAt: string }>(
      `insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))
       returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt"`,
      [id, answerHash(id, text), CAPTCHA_TTL_S],
    );
    // Old captchas are useless; clearing them here keeps the table small without a timer.
    await this.db.query(`delete from captchas where expires_at < now() - interval '1 hour'`);
    return { id, svg, expiresAt: r.rows[0]!.expiresAt };
  }

  /** True when the answer is right; the captcha is spent either way. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const r = await this.db.query<{ answerHash: string }>(
      `update captchas set used_at = now() where id = $1 and used_at is null and expires_at > now()
       returning answer_hash as "answerHash"`,
      [id],
    );
    const stored = r.rows[0]?.answerHash;
    return stored !== undefined && stored === answerHash(id, answer);
  }
}
