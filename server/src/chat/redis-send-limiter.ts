import { randomBytes } from 'node:crypto';
import { CHAT_SEND_LIMIT } from '@ptt/contracts';
import { closeRedis, connectRedis, type RedisClient, type RedisErrorLogger } from '../ws/redis-client';
import type { SendLimiter } from './send-limiter';

// The same sliding window as MemorySendLimiter, shared by every node: one sorted set per sender
// (score = time in ms), trimmed, counted and added to in one script. The clock is Redis' own
// (TIME), so nodes whose clocks disagree still count one window.
// KEYS: the sender's set. ARGV: window ms, max, a unique member.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

export interface RedisSendLimiterOptions {
  prefix?: string;
  max?: number;
  windowMs?: number;
  onError?: RedisErrorLogger;
}

/** "Sending messages too fast is refused", counted across all nodes. */
export class RedisSendLimiter implements SendLimiter {
  private seq = 0;
  private readonly nonce = randomBytes(4).toString('hex');

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly onError: RedisErrorLogger,
    /** What the keys are counted under: `<prefix>limit:<name>:<key>`. */
    private readonly name = 'chat',
    /** Counts instead while Redis is away; none: let everything through. */
    private readonly fallback: SendLimiter | null = null,
    /** False for a limiter made by `derive`: the client is the other's to close. */
    private readonly ownsClient = true,
  ) {}

  /**
   * Another window on this limiter's connection, e.g. captchas per address: `name` keeps its keys
   * apart; `fallback` counts while Redis is away (a node's own memory, rather than no limit).
   */
  derive(name: string, max: number, windowMs: number, fallback: SendLimiter | null = null): RedisSendLimiter {
    return new RedisSendLimiter(this.client, this.prefix, max, windowMs, this.onError, name, fallback, false);
  }

  static async connect(url: string, options: RedisSendLimiterOptions = {}): Promise<RedisSendLimiter> {
    const onError = options.onError ?? (() => undefined);
    const client = await connectRedis(url, 'limits', onError, false);
    return new RedisSendLimiter(client, options.prefix ?? 'ptt:', options.max ?? CHAT_SEND_LIMIT.messages, options.windowMs ?? CHAT_SEND_LIMIT.windowMs, onError);
  }

  async take(key: string): Promise<boolean> {
    try {
      const ok = await this.client.eval(TAKE, {
        keys: [`${this.prefix}limit:${this.name}:${key}`],
        arguments: [String(this.windowMs), String(this.max), `${this.nonce}:${++this.seq}`],
      });
      return ok === 1;
    } catch (err) {
      // Redis away: chat keeps working unthrottled rather than refusing every message.
      this.onError(err, `${this.name} limiter`);
      return this.fallback ? this.fallback.take(key) : true;
    }
  }

  close(): Promise<void> {
    return this.ownsClient ? closeRedis(this.client) : Promise.resolve();
  }
}
