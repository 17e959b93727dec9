import { RedisSendLimiter } from '../src/chat/redis-send-limiter';
import { MemorySendLimiter } from '../src/chat/send-limiter';
import { startRedis, type RedisServer } from './redis-harness';

// Chat "sending too fast" and captchas per address with several nodes: the window is counted in
// Redis, so a sender whose requests land on different nodes gets the limit once, not once per node.

describe('RedisSendLimiter', () => {
  let redis: RedisServer;
  let one: RedisSendLimiter;
  let two: RedisSendLimiter;

  beforeAll(async () => {
    redis = await startRedis();
    one = await RedisSendLimiter.connect(redis.url, { max: 10, windowMs: 400 });
    two = await RedisSendLimiter.connect(redis.url, { max: 10, windowMs: 400 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await redis?.stop();
  });

  it('counts one window across nodes, per sender, and frees it as it slides', async () => {
    const takes = await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 ? one : two).take('100001/7')));
    expect(takes.filter(Boolean)).toHaveLength(10);
    expect(await one.take('100001/7')).toBe(false);
    expect(await two.take('100001/8')).toBe(true); // another sender
    await new Promise((r) => setTimeout(r, 450));
    expect(await two.take('100001/7')).toBe(true);
  });

  it('keeps captchas per address apart from chat, one window across nodes', async () => {
    const a = one.derive('captcha', 3, 400);
    const b = two.derive('captcha', 3, 400);
    const takes = await Promise.all(Array.from({ length: 5 }, (_, i) => (i % 2 ? a : b).take('10.0.0.9')));
    expect(takes.filter(Boolean)).toHaveLength(3);
    expect(await b.take('10.0.0.9')).toBe(false);
    // The chat window of the same key is its own.
    expect(await one.take('10.0.0.9')).toBe(true);
    // A derived limiter shares the connection: closing it leaves the other working.
    await a.close();
    expect(await one.take('10.0.0.10')).toBe(true);
  });

  it('lets messages through while Redis is away rather than refusing everyone; captchas fall back to the node', async () => {
    const local = new MemorySendLimiter(1, 60_000);
    const captchas = one.derive('captcha', 3, 400, local);
    await redis.kill(true);
    expect(await one.take('100001/9')).toBe(true);
    expect(await captchas.take('10.0.0.11')).toBe(true);
    expect(await captchas.take('10.0.0.11')).toBe(false);
    await redis.restart();
  });
});
