import { userStatusSchema, type UserStatus } from '@ptt/contracts';
import type { PresenceStore } from './presence';
import { closeRedis, connectRedis, type RedisClient, type RedisErrorLogger } from './redis-client';

export interface RedisPresenceOptions {
  /** Prefix of every key, so deployments can share one Redis. */
  prefix?: string;
  /** A node that stopped refreshing its key for this long counts as dead (default 15 s). */
  nodeTtlMs?: number;
  onError?: RedisErrorLogger;
}

const DEFAULT_NODE_TTL_MS = 15_000;

// Keys (P = prefix): P presence:conns:{entId}:{userId}  set of "<nodeId>:<connId>"
//                   P presence:status:{entId}          hash userId -> chosen status
//                   P presence:node:{nodeId}           "1" with a TTL, refreshed while the node lives
// Each operation is one Lua script, so it is atomic: two nodes cannot both be "first" or "last".
// Dead nodes: a node that dies leaves its connection keys behind; its node key expires, and every
// script drops members whose node key is gone before counting. (The alternative, a TTL per
// connection, would cost one write per connection per refresh.) The scripts read keys they build
// from others' names, which standalone Redis allows and Redis Cluster does not.
const PRUNE = `
local function prune(conns, nodePrefix)
  for _, m in ipairs(redis.call('SMEMBERS', conns)) do
    local node = string.match(m, '^(.*):[^:]*$')
    if not node or redis.call('EXISTS', nodePrefix .. node) == 0 then redis.call('SREM', conns, m) end
  end
end
`;

// KEYS: conns, status hash, node key. ARGV: member, userId, node ttl ms, node prefix.
const ADD = `${PRUNE}
redis.call('SET', KEYS[3], '1', 'PX', ARGV[3])
prune(KEYS[1], ARGV[4])
local first = redis.call('SCARD', KEYS[1]) == 0
redis.call('SADD', KEYS[1], ARGV[1])
if first then redis.call('HSET', KEYS[2], ARGV[2], 'online') else redis.call('HSETNX', KEYS[2], ARGV[2], 'online') end
if first then return 1 end
return 0
`;

// KEYS: conns, status hash. ARGV: member, userId, node prefix.
const REMOVE = `${PRUNE}
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return 0 end
prune(KEYS[1], ARGV[3])
if redis.call('SCARD', KEYS[1]) > 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[2])
return 1
`;

// KEYS: conns, status hash. ARGV: userId, status. Only while the user has a connection.
const SET_STATUS = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[2], ARGV[1], ARGV[2]) end
return 0
`;

// KEYS: status hash. ARGV: conns key prefix (ends with "{entId}:"), node prefix.
const STATUSES = `${PRUNE}
local out = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local conns = ARGV[1] .. all[i]
  prune(conns, ARGV[2])
  if redis.call('SCARD', conns) > 0 then
    out[#out + 1] = all[i]
    out[#out + 1] = all[i + 1]
  else
    redis.call('HDEL', KEYS[1], all[i])
  end
end
return out
`;

/** nodeId of a connection key "<nodeId>:<connId>". */
function nodeOf(connKey: string): string {
  const i = connKey.lastIndexOf(':');
  return i > 0 ? connKey.slice(0, i) : connKey;
}

/**
 * Presence shared by every node through Redis. Also remembers this node's own connections, so
 * after Redis lost its data (restart without persistence) they are written back on reconnect.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly nodes = new Set<string>();
  /** This node's connections: connKey -> entId/userId. */
  private readonly mine = new Map<string, { entId: number; userId: number }>();
  /** Connections that closed while Redis was unreachable. */
  private readonly leftovers = new Map<string, { entId: number; userId: number }>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly client: RedisClient,
    options: RedisPresenceOptions,
    private readonly onError: RedisErrorLogger,
  ) {
    this.prefix = options.prefix ?? 'ptt:';
    this.ttlMs = options.nodeTtlMs ?? DEFAULT_NODE_TTL_MS;
    this.timer = setInterval(() => this.refreshNodes(), Math.max(100, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
    client.on('ready', () => this.restore());
  }

  static async connect(url: string, options: RedisPresenceOptions = {}): Promise<RedisPresenceStore> {
    const onError = options.onError ?? (() => undefined);
    // Fail fast while disconnected: a presence answer that waits for Redis is worse than an error.
    const client = await connectRedis(url, 'presence', onError, false);
    return new RedisPresenceStore(client, options, onError);
  }

  private conns(entId: number, userId: number): string {
    return `${this.prefix}presence:conns:${entId}:${userId}`;
  }

  private statusKey(entId: number): string {
    return `${this.prefix}presence:status:${entId}`;
  }

  private nodePrefix(): string {
    return `${this.prefix}presence:node:`;
  }

  async add(entId: number, userId: number, connKey: string): Promise<boolean> {
    const node = nodeOf(connKey);
    this.nodes.add(node);
    this.mine.set(connKey, { entId, userId });
    const first = await this.client.eval(ADD, {
      keys: [this.conns(entId, userId), this.statusKey(entId), this.nodePrefix() + node],
      arguments: [connKey, String(userId), String(this.ttlMs), this.nodePrefix()],
    });
    return first === 1;
  }

  async remove(entId: number, userId: number, connKey: string): Promise<boolean> {
    this.mine.delete(connKey);
    try {
      const last = await this.removeNow(entId, userId, connKey);
      this.leftovers.delete(connKey);
      return last;
    } catch (err) {
      // Redis unreachable: removed on reconnect, or this node would keep the user online.
      this.leftovers.set(connKey, { entId, userId });
      throw err;
    }
  }

  private async removeNow(entId: number, userId: number, connKey: string): Promise<boolean> {
    const last = await this.client.eval(REMOVE, {
      keys: [this.conns(entId, userId), this.statusKey(entId)],
      arguments: [connKey, String(userId), this.nodePrefix()],
    });
    return last === 1;
  }

  async setStatus(entId: number, userId: number, status: UserStatus): Promise<void> {
    await this.client.eval(SET_STATUS, { keys: [this.conns(entId, userId), this.statusKey(entId)], arguments: [String(userId), status] });
  }

  async statuses(entId: number): Promise<Map<number, UserStatus>> {
    const flat = (await this.client.eval(STATUSES, {
      keys: [this.statusKey(entId)],
      arguments: [`${this.prefix}presence:conns:${entId}:`, this.nodePrefix()],
    })) as string[];
    const out = new Map<number, UserStatus>();
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const status = userStatusSchema.safeParse(flat[i + 1]);
      out.set(Number(flat[i]), status.success ? status.data : 'online');
    }
    return out;
  }

  /** Ends the heartbeat and deletes this node's key, so others drop its connections at once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    if (this.nodes.size > 0 && this.client.isReady) {
      await this.client.del([...this.nodes].map((n) => this.nodePrefix() + n)).catch((err: unknown) => this.onError(err, 'presence close'));
    }
    await closeRedis(this.client);
  }

  private refreshNodes(): void {
    if (this.closed || !this.client.isReady) return;
    for (const node of this.nodes) {
      this.client.set(this.nodePrefix() + node, '1', { expiration: { type: 'PX', value: this.ttlMs } }).catch((err: unknown) => this.onError(err, 'presence heartbeat'));
    }
  }

  /** After a reconnect: removes what closed meanwhile and writes this node's connections back (a
   *  no-op when Redis still has them). Statuses chosen before a Redis data loss come back as
   *  'online' until the client announces one again. */
  private restore(): void {
    if (this.closed) return;
    this.refreshNodes();
    for (const [connKey, { entId, userId }] of this.leftovers) {
      this.removeNow(entId, userId, connKey).then(
        () => this.leftovers.delete(connKey),
        (err: unknown) => this.onError(err, 'presence cleanup'),
      );
    }
    for (const [connKey, { entId, userId }] of this.mine) {
      this.client
        .multi()
        .sAdd(this.conns(entId, userId), connKey)
        .hSetNX(this.statusKey(entId), String(userId), 'online')
        .exec()
        .catch((err: unknown) => this.onError(err, 'presence restore'));
    }
  }
}
