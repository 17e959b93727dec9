import { parseTopic, type Ws2Frame } from '@ptt/contracts';
import type { FrameListener, Hub } from './hub';
import { closeRedis, connectRedis, type RedisClient, type RedisErrorLogger } from './redis-client';

export interface RedisHubOptions {
  /** Prefix of every Redis channel, so deployments can share one Redis. */
  prefix?: string;
  onError?: RedisErrorLogger;
  onListenerError?: (err: unknown, topic: string) => void;
}

// A publish waits this long at most for this node's pending SUBSCRIBEs (see publish()).
const SUBSCRIBE_WAIT_MS = 1_000;

/**
 * Redis channel of a topic: one per enterprise for the enterprise's topics, one per topic for
 * the rest (`sys/internal/...`). Not one per topic, because a socket that joins a channel on
 * node B (after a membership message from node A) must get the ChannelUserAdd that A publishes
 * right after: every socket already listens to its enterprise's `msg/listen/ent`, so B is
 * subscribed to that Redis channel, needs no new SUBSCRIBE, and Redis delivers the two messages
 * in the order A published them. A new per-topic SUBSCRIBE would race A's publish. The cost: a
 * node receives every frame of an enterprise it has a socket of and drops what no socket wants.
 */
export function redisChannelOf(topic: string, prefix: string): string {
  const parsed = parseTopic(topic);
  return parsed ? `${prefix}ent:${parsed.entId}` : `${prefix}topic:${topic}`;
}

/**
 * Hub over Redis pub/sub for several server nodes: one connection publishes, one subscribes.
 * A node subscribes to a Redis channel when its first local listener of a topic on it arrives
 * and unsubscribes after the last one leaves; it filters by the frame's topic locally.
 *
 * A node's own publishes reach its local listeners through Redis too, never directly: one path,
 * so no double delivery and the same order on every node. The price is one Redis round trip for
 * local listeners, and nothing is delivered while Redis is unreachable (publish logs and drops;
 * it never rejects, like the in-process hub, so a committed change never becomes an error).
 */
export class RedisHub implements Hub {
  private readonly listeners = new Map<string, Set<FrameListener>>();
  /** Topics with listeners, per Redis channel. */
  private readonly wanted = new Map<string, Set<string>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly prefix: string;
  private readonly onError: RedisErrorLogger;
  private readonly onListenerError: (err: unknown, topic: string) => void;
  private closed = false;

  private constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    options: RedisHubOptions,
  ) {
    this.prefix = options.prefix ?? 'ptt:';
    this.onError = options.onError ?? (() => undefined);
    this.onListenerError = options.onListenerError ?? (() => undefined);
    // The library re-subscribes what it had confirmed before the connection dropped; a SUBSCRIBE
    // that failed with the connection is asked for again here (asking twice is harmless).
    sub.on('ready', () => {
      for (const channel of this.wanted.keys()) this.redisSubscribe(channel);
    });
  }

  static async connect(url: string, options: RedisHubOptions = {}): Promise<RedisHub> {
    const onError = options.onError ?? (() => undefined);
    // Publishes fail fast while disconnected (frames are live, not worth queueing); SUBSCRIBEs queue.
    const pub = await connectRedis(url, 'hub publisher', onError, false);
    try {
      const sub = await connectRedis(url, 'hub subscriber', onError, true);
      return new RedisHub(pub, sub, options);
    } catch (err) {
      await closeRedis(pub);
      throw err;
    }
  }

  async publish(topic: string, t: string, data: unknown): Promise<void> {
    const frame: Ws2Frame = { code: 0, topic, data, t };
    const text = JSON.stringify(frame);
    try {
      // Whoever subscribed on this node before this publish gets it, as with the in-process hub.
      await this.subscriptionsSettled();
      await this.pub.publish(redisChannelOf(topic, this.prefix), text);
    } catch (err) {
      this.onError(err, `hub publish on ${topic} failed`);
    }
  }

  subscribe(topic: string, listener: FrameListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      const channel = redisChannelOf(topic, this.prefix);
      const topicsOnChannel = this.wanted.get(channel) ?? new Set<string>();
      topicsOnChannel.add(topic);
      this.wanted.set(channel, topicsOnChannel);
      if (topicsOnChannel.size === 1) this.redisSubscribe(channel);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(topic);
      const channel = redisChannelOf(topic, this.prefix);
      const topicsOnChannel = this.wanted.get(channel);
      topicsOnChannel?.delete(topic);
      if (topicsOnChannel?.size !== 0) return;
      this.wanted.delete(channel);
      this.redisUnsubscribe(channel);
    };
  }

  /** Number of topics with at least one local listener. */
  topicCount(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.wanted.clear();
    await Promise.all([closeRedis(this.pub), closeRedis(this.sub)]);
  }

  private readonly onMessage = (text: string): void => {
    let frame: Ws2Frame;
    try {
      frame = JSON.parse(text) as Ws2Frame;
    } catch {
      return; // not ours
    }
    const set = typeof frame?.topic === 'string' ? this.listeners.get(frame.topic) : undefined;
    if (!set) return;
    // Copy first: a listener may unsubscribe (socket closing) while we iterate.
    for (const listener of [...set]) {
      try {
        listener(frame, text);
      } catch (err) {
        this.onListenerError(err, frame.topic);
      }
    }
  };

  private redisSubscribe(channel: string): void {
    if (this.closed) return;
    const done = this.sub.subscribe(channel, this.onMessage).then(
      () => {
        // Everyone left while the SUBSCRIBE was on its way.
        if (!this.wanted.has(channel)) this.redisUnsubscribe(channel);
      },
      (err: unknown) => {
        // Asked again on the next 'ready' if still wanted.
        if (!this.closed) this.onError(err, `hub subscribe to ${channel} failed`);
      },
    );
    this.track(done);
  }

  private redisUnsubscribe(channel: string): void {
    if (this.closed) return;
    const done = this.sub.unsubscribe(channel, this.onMessage).then(
      () => {
        // Someone came back while the UNSUBSCRIBE was on its way.
        if (this.wanted.has(channel)) this.redisSubscribe(channel);
      },
      (err: unknown) => {
        if (!this.closed) this.onError(err, `hub unsubscribe from ${channel} failed`);
      },
    );
    this.track(done);
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Resolves once this node's SUBSCRIBEs and UNSUBSCRIBEs so far were answered (bounded wait). */
  async subscriptionsSettled(): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS);
    });
    await Promise.race([Promise.all([...this.pending]), limit]);
    clearTimeout(timer);
  }
}
