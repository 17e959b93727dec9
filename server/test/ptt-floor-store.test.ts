import { createClient } from 'redis';
import { MemoryFloorStore, type FloorRecord, type FloorStore } from '../src/ptt/floor-store';
import { RedisFloorStore } from '../src/ptt/redis-floor-store';
import { startRedis, type RedisServer } from './redis-harness';

// The floor store's contract, in memory and in Redis with two connections standing for two nodes:
// one grant per chat under a race, the same holder asking again, one floor per user, force,
// release only by the current burst, expiry by `until`, and the key expiry backstop.

const ENT = 100001;
let seq = 0;
function rec(chatId: string, uid: number, talkMs = 60_000, now = Date.now()): FloorRecord {
  return { chatId, entId: ENT, uid, nickname: `User ${uid}`, burstId: `b${++seq}`, since: now, until: now + talkMs };
}

describe.each(['memory', 'redis'] as const)('%s floor store', (kind) => {
  let redis: RedisServer | undefined;
  let one: FloorStore;
  let two: FloorStore;

  beforeAll(async () => {
    if (kind === 'memory') {
      one = two = new MemoryFloorStore();
      return;
    }
    redis = await startRedis();
    one = await RedisFloorStore.connect(redis.url);
    two = await RedisFloorStore.connect(redis.url);
  });
  afterAll(async () => {
    await one?.close();
    if (two !== one) await two?.close();
    await redis?.stop();
  });

  it('grants one of many concurrent presses on two nodes; the others see it occupied', async () => {
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).acquire(rec('100001-1-1', 10 + i), { force: false, now })));
    const granted = results.filter((r) => r.kind === 'granted');
    expect(granted).toHaveLength(1);
    const winner = await one.get('100001-1-1');
    for (const r of results) if (r.kind === 'occupied') expect(r.current).toEqual(winner);
    expect(results.filter((r) => r.kind === 'occupied')).toHaveLength(19);
  });

  it('takes bridged floors (ADR 024) beside the user’s one floor, without the per-user index; occupied even for their holder unless force', async () => {
    const now = Date.now();
    const via = { kind: 'allcall' as const, id: 'call1', chatId: null };
    const own = rec('100001-1-50', 30, 60_000, now);
    expect(await one.acquire(own, { force: false, now })).toEqual({ kind: 'granted', previous: null });
    const b1 = { ...rec('100001-1-51', 30, 60_000, now), via };
    const b2 = { ...rec('100001-1-52', 30, 60_000, now), via };
    expect(await two.acquire(b1, { force: false, now, bridged: true })).toEqual({ kind: 'granted', previous: null });
    expect(await one.acquire(b2, { force: false, now, bridged: true })).toEqual({ kind: 'granted', previous: null });
    expect(await one.get('100001-1-51')).toEqual(b1);
    // A bridged floor is no "held" for a plain press of its holder, and a bridged ask finds a floor occupied.
    expect(await two.acquire(rec('100001-1-51', 30, 60_000, now), { force: false, now })).toMatchObject({ kind: 'busy' });
    expect(await two.acquire({ ...rec('100001-1-50', 30, 60_000, now), via }, { force: false, now, bridged: true })).toEqual({ kind: 'occupied', current: own });
    // The user's index still names their own floor: releasing a bridged one leaves it alone.
    expect(await one.release('100001-1-51', b1.burstId)).toEqual(b1);
    expect(await two.acquire(rec('100001-1-53', 30, 60_000, now), { force: false, now })).toEqual({ kind: 'busy', chatId: '100001-1-50' });
    // Force takes a bridged floor over, with what it replaced.
    const forced = { ...rec('100001-1-52', 31, 60_000, now), via: { kind: 'patch' as const, id: 'p1', chatId: '100001-1-60' } };
    expect(await two.acquire(forced, { force: true, now, bridged: true })).toEqual({ kind: 'granted', previous: b2 });
    await one.release('100001-1-52', forced.burstId);
    await one.release('100001-1-50', own.burstId);
  });

  it('answers the holder asking again with the floor as it is, and refuses a second floor per user', async () => {
    const now = Date.now();
    const mine = rec('100001-1-2', 7, 60_000, now);
    expect(await one.acquire(mine, { force: false, now })).toEqual({ kind: 'granted', previous: null });
    expect(await two.acquire(rec('100001-1-2', 7, 60_000, now), { force: true, now })).toEqual({ kind: 'held', current: mine });
    expect(await two.acquire(rec('100001-1-3', 7, 60_000, now), { force: false, now })).toEqual({ kind: 'busy', chatId: '100001-1-2' });
    expect(await two.release('100001-1-2', 'not-the-burst')).toBeNull();
    expect(await two.release('100001-1-2', mine.burstId)).toEqual(mine);
    expect(await one.release('100001-1-2', mine.burstId)).toBeNull();
    expect(await one.get('100001-1-2')).toBeNull();
    expect((await one.acquire(rec('100001-1-3', 7, 60_000, now), { force: false, now })).kind).toBe('granted');
  });

  it('lets force take a held floor, returning the previous holder, who is then free to talk elsewhere', async () => {
    const now = Date.now();
    const talker = rec('100001-1-4', 8, 60_000, now);
    await one.acquire(talker, { force: false, now });
    const dispatcher = rec('100001-1-4', 9, 60_000, now);
    expect(await two.acquire(dispatcher, { force: true, now })).toEqual({ kind: 'granted', previous: talker });
    expect(await one.get('100001-1-4')).toEqual(dispatcher);
    expect(await one.release('100001-1-4', talker.burstId)).toBeNull();
    expect((await two.acquire(rec('100001-1-5', 8, 60_000, now), { force: false, now })).kind).toBe('granted');
    expect((await one.getMany(['100001-1-4', '100001-1-5', '100001-1-404'])).map((r) => r.uid).sort()).toEqual([8, 9]);
  });

  it('counts a floor past its max duration as free (lazy expiry) and hands the stale record to the next grant', async () => {
    const then = Date.now();
    const old = rec('100001-1-6', 11, 50, then);
    await one.acquire(old, { force: false, now: then });
    const later = then + 51;
    // The expired holder is not busy with it either.
    expect((await two.acquire(rec('100001-1-7', 11, 60_000, later), { force: false, now: later })).kind).toBe('granted');
    expect(await two.acquire(rec('100001-1-6', 12, 60_000, later), { force: false, now: later })).toEqual({ kind: 'granted', previous: old });
  });

  it('finds the floor a user holds as their own from any node, not a bridged one, and none after its release', async () => {
    const now = Date.now();
    const own = rec('100001-1-60', 40, 60_000, now);
    await one.acquire(own, { force: false, now });
    await one.acquire({ ...rec('100001-1-61', 41, 60_000, now), via: { kind: 'allcall', id: 'call2', chatId: null } }, { force: false, now, bridged: true });
    expect(await two.heldBy(ENT, 40)).toEqual(own);
    expect(await two.heldBy(ENT, 41)).toBeNull();
    expect(await two.heldBy(ENT, 42)).toBeNull();
    await two.release(own.chatId, own.burstId);
    expect(await one.heldBy(ENT, 40)).toBeNull();
  });

  (kind === 'redis' ? it : it.skip)('lets Redis drop a floor key a while after its max duration (backstop for a dead node)', async () => {
    if (!redis) throw new Error('no redis');
    const now = Date.now();
    await one.acquire(rec('100001-1-8', 13, 2_000, now), { force: false, now });
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const ttl = await client.pTTL('ptt:floor:100001-1-8');
      expect(ttl).toBeGreaterThan(11_000);
      expect(ttl).toBeLessThanOrEqual(12_000);
      expect(await client.pTTL('ptt:floor-user:100001:13')).toBeGreaterThan(11_000);
    } finally {
      await client.close();
    }
  });
});
