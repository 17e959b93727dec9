import { createClient } from 'redis';
import { topics, type Ws2Frame } from '@ptt/contracts';
import { INTERNAL_TOPICS } from '../src/ws/hub';
import { RedisHub, redisChannelOf } from '../src/ws/redis-hub';
import { startRedis, type RedisServer } from './redis-harness';

const ENT = 100001;

/** Records what a listener got and waits for it. */
class Inbox {
  readonly got: { frame: Ws2Frame; text: string }[] = [];
  readonly listener = (frame: Ws2Frame, text: string): void => {
    this.got.push({ frame, text });
  };

  async waitFor(match: (f: Ws2Frame) => boolean, limitMs = 5_000): Promise<Ws2Frame> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const hit = this.got.find((g) => match(g.frame));
      if (hit) return hit.frame;
      if (Date.now() > deadline) throw new Error(`not received; got ${JSON.stringify(this.got.map((g) => g.frame))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  count(match: (f: Ws2Frame) => boolean): number {
    return this.got.filter((g) => match(g.frame)).length;
  }
}

const kind = (t: string) => (f: Ws2Frame) => f.t === t;

describe('RedisHub', () => {
  let redis: RedisServer;
  let a: RedisHub;
  let b: RedisHub;
  const errors: unknown[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    a = await RedisHub.connect(redis.url, { onError: (err) => errors.push(err) });
    b = await RedisHub.connect(redis.url, { onError: (err) => errors.push(err) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('delivers a publish on one hub to listeners on the other, with the text serialised once', async () => {
    const inbox = new Inbox();
    const stop = b.subscribe(topics.dispatch(ENT), inbox.listener);
    await b.subscriptionsSettled();
    await a.publish(topics.dispatch(ENT), 'DeviceInfo', { uid: 7, battery: 80 });
    const frame = await inbox.waitFor(kind('DeviceInfo'));
    expect(frame).toEqual({ code: 0, topic: topics.dispatch(ENT), data: { uid: 7, battery: 80 }, t: 'DeviceInfo' });
    expect(inbox.got[0]!.text).toBe(JSON.stringify(frame));
    stop();
  });

  it('reaches its own node once, through Redis, and only listeners of that topic', async () => {
    const own = new Inbox();
    const other = new Inbox();
    const stopOwn = a.subscribe(topics.entListen(ENT), own.listener);
    const stopOther = a.subscribe(topics.userListen(ENT, 5), other.listener);
    await a.publish(topics.entListen(ENT), 'UserUp', { uid: 1 });
    await a.publish(topics.entListen(ENT), 'Marker', null);
    await own.waitFor(kind('Marker'));
    expect(own.count(kind('UserUp'))).toBe(1);
    expect(other.got).toEqual([]);
    stopOwn();
    stopOther();
  });

  it('stops delivery after unsubscribe and drops the Redis subscription after the last listener', async () => {
    const raw = createClient({ url: redis.url });
    raw.on('error', () => undefined);
    await raw.connect();
    try {
      const gone = new Inbox();
      const stays = new Inbox();
      const stopGone = b.subscribe(topics.channelListen(ENT, 3), gone.listener);
      const stopStays = b.subscribe(topics.entListen(ENT), stays.listener);
      await b.subscriptionsSettled();
      stopGone();
      // The enterprise's Redis channel stays: another topic of it is still wanted.
      await a.publish(topics.channelListen(ENT, 3), 'ChannelStatus', { n: 1 });
      await a.publish(topics.entListen(ENT), 'Marker', { n: 1 });
      await stays.waitFor(kind('Marker'));
      expect(gone.got).toEqual([]);

      const channel = redisChannelOf(topics.entListen(ENT), 'ptt:');
      const numsub = async () => (await raw.pubSubNumSub(channel))[channel];
      expect(await numsub()).toBe(1);
      stopStays();
      await b.subscriptionsSettled();
      expect(await numsub()).toBe(0);
      expect(b.topicCount()).toBe(0);
    } finally {
      await raw.close();
    }
  });

  it('keeps publish order, so a membership change reaches a node before the channel frame after it', async () => {
    // Node b: a socket of the enterprise, which joins channel 9 when the membership message arrives.
    const inbox = new Inbox();
    const stops: (() => void)[] = [b.subscribe(topics.entListen(ENT), inbox.listener)];
    stops.push(b.subscribe(INTERNAL_TOPICS.membership, () => stops.push(b.subscribe(topics.channelListen(ENT, 9), inbox.listener))));
    await b.subscriptionsSettled();
    await a.publish(INTERNAL_TOPICS.membership, 'Membership', { entId: ENT, userId: 4, channelId: 9, joined: true });
    await a.publish(topics.channelListen(ENT, 9), 'ChannelUserAdd', { channelId: 9, userIds: [4] });
    await inbox.waitFor(kind('ChannelUserAdd'));
    for (const stop of stops) stop();
  });

  it('never rejects a publish while Redis is down, and re-subscribes by itself after a restart', async () => {
    const inbox = new Inbox();
    const stop = b.subscribe(topics.sosAlert(ENT), inbox.listener);
    await b.subscriptionsSettled();
    await redis.kill(true);
    await expect(a.publish(topics.sosAlert(ENT), 'Lost', null)).resolves.toBeUndefined();
    await redis.restart();

    // Delivery resumes once both hubs reconnected: keep publishing until one arrives.
    const deadline = Date.now() + 15_000;
    for (let n = 0; inbox.count(kind('Back')) === 0; n++) {
      if (Date.now() > deadline) throw new Error('delivery did not resume after the Redis restart');
      await a.publish(topics.sosAlert(ENT), 'Back', { n });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(errors.length).toBeGreaterThan(0); // the lost connection was reported
    stop();
  }, 30_000);
});
