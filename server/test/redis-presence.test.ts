import { createClient } from 'redis';
import { RedisPresenceStore } from '../src/ws/redis-presence';
import { startRedis, type RedisServer } from './redis-harness';

const ENT = 100001;
const who = (userId: number) => ({ entId: ENT, userId, account: `user${userId}`, nickname: `User ${userId}` });

describe('RedisPresenceStore', () => {
  let redis: RedisServer;
  let raw: ReturnType<typeof createClient>;
  let one: RedisPresenceStore;
  let two: RedisPresenceStore;

  beforeAll(async () => {
    redis = await startRedis();
    raw = createClient({ url: redis.url });
    raw.on('error', () => undefined); // reconnects by itself after the restart below
    await raw.connect();
    one = await RedisPresenceStore.connect(redis.url, { nodeTtlMs: 3_000 });
    two = await RedisPresenceStore.connect(redis.url, { nodeTtlMs: 3_000 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await raw?.close();
    await redis?.stop();
  });

  it('decides first online and last offline across nodes', async () => {
    expect(await one.add(who(1), 'nodeone:1')).toBe(true);
    expect(await two.add(who(1), 'nodetwo:1')).toBe(false);
    await two.setStatus(ENT, 1, 'busy');
    expect(await one.statuses(ENT)).toEqual(new Map([[1, 'busy']]));
    expect(await one.remove(ENT, 1, 'nodeone:1')).toBe(false);
    expect(await one.remove(ENT, 1, 'nodeone:1')).toBe(false); // not there any more
    expect(await two.remove(ENT, 1, 'nodetwo:1')).toBe(true);
    expect(await one.statuses(ENT)).toEqual(new Map());
  });

  it('lets exactly one of many simultaneous connections be first, and one be last', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `${i % 2 ? 'nodeone' : 'nodetwo'}:${100 + i}`);
    const store = (k: string) => (k.startsWith('nodeone') ? one : two);
    const firsts = await Promise.all(keys.map((k) => store(k).add(who(2), k)));
    expect(firsts.filter(Boolean)).toHaveLength(1);
    const lasts = await Promise.all(keys.map((k) => store(k).remove(ENT, 2, k)));
    expect(lasts.filter(Boolean)).toHaveLength(1);
  });

  it('drops connections of a node whose key expired (a node that died)', async () => {
    await raw.sAdd(`ptt:presence:conns:${ENT}:3`, 'deadnode:7');
    await raw.hSet(`ptt:presence:status:${ENT}`, '3', 'dnd');
    expect((await one.statuses(ENT)).has(3)).toBe(false);
    expect(await raw.hExists(`ptt:presence:status:${ENT}`, '3')).toBe(0);

    await raw.sAdd(`ptt:presence:conns:${ENT}:3`, 'deadnode:8');
    expect(await one.add(who(3), 'nodeone:9')).toBe(true); // the dead one does not count
    expect(await raw.sMembers(`ptt:presence:conns:${ENT}:3`)).toEqual(['nodeone:9']);
    await one.remove(ENT, 3, 'nodeone:9');
  });

  it("announces the users a dead node left online exactly once, from one live node", async () => {
    // Node "deadnode2" held user 6 alone and user 7 alongside a live connection on node one.
    const entry = (userId: number, connKey: string) => JSON.stringify([ENT, userId, connKey, `user${userId}`, `User ${userId}`]);
    await one.add(who(7), 'nodeone:70');
    const heard: number[] = [];
    one.onUsersGone((users) => heard.push(...users.map((u) => u.userId)));
    two.onUsersGone((users) => heard.push(...users.map((u) => u.userId)));
    // In one transaction: the stores' own timers sweep too and must not see half of it.
    await raw
      .multi()
      .sAdd('ptt:presence:nodes', 'deadnode2')
      .sAdd('ptt:presence:nodeconns:deadnode2', [entry(6, 'deadnode2:1'), entry(7, 'deadnode2:2')])
      .sAdd(`ptt:presence:conns:${ENT}:6`, 'deadnode2:1')
      .sAdd(`ptt:presence:conns:${ENT}:7`, 'deadnode2:2')
      .hSet(`ptt:presence:status:${ENT}`, '6', 'busy')
      .exec();

    await Promise.all([one.sweep(), two.sweep()]);
    expect(heard).toEqual([6]);
    expect(await raw.sIsMember('ptt:presence:nodes', 'deadnode2')).toBe(0);
    expect(await raw.exists('ptt:presence:nodeconns:deadnode2')).toBe(0);
    expect(await one.statuses(ENT)).toEqual(new Map([[7, 'online']]));
    expect(await one.sweep()).toEqual([]);
    await one.remove(ENT, 7, 'nodeone:70');
  });

  it('keeps its node key alive with a TTL and deletes it on close', async () => {
    const short = await RedisPresenceStore.connect(redis.url, { nodeTtlMs: 600 });
    await short.add(who(4), 'nodeshort:1');
    const ttl = await raw.pTTL('ptt:presence:node:nodeshort');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    await new Promise((r) => setTimeout(r, 1_000)); // longer than the TTL: refreshed meanwhile
    expect((await one.statuses(ENT)).has(4)).toBe(true);
    await short.close();
    expect(await raw.exists('ptt:presence:node:nodeshort')).toBe(0);
    expect((await one.statuses(ENT)).has(4)).toBe(false);
  });

  it("writes its node's connections back after Redis lost them", async () => {
    await one.add(who(5), 'nodeone:50');
    await redis.restart(); // empty: no persistence
    const deadline = Date.now() + 10_000;
    while (!(await one.statuses(ENT).catch(() => new Map())).has(5)) {
      if (Date.now() > deadline) throw new Error('connection not restored');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 20_000);
});
