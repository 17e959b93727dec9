import { userStatusSchema, type UserStatus } from '@ptt/contracts';
import type { PresenceStore, PresenceUser } from './presence';
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
//                   P presence:nodes                   set of node ids that hold connections
//                   P presence:nodeconns:{nodeId}      set of JSON [entId, userId, connKey, account, nickname]
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

// KEYS: conns, status hash, node key, nodes set, node's connection list.
// ARGV: member, userId, node ttl ms, node prefix, node id, list entry.
const ADD = `${PRUNE}
redis.call('SET', KEYS[3], '1', 'PX', ARGV[3])
redis.call('SADD', KEYS[4], ARGV[5])
redis.call('SADD', KEYS[5], ARGV[6])
prune(KEYS[1], ARGV[4])
local first = redis.call('SCARD', KEYS[1]) == 0
redis.call('SADD', KEYS[1], ARGV[1])
if first then redis.call('HSET', KEYS[2], ARGV[2], 'online') else redis.call('HSETNX', KEYS[2], ARGV[2], 'online') end
if first then return 1 end
return 0
`;

// KEYS: conns, status hash, node's connection list. ARGV: member, userId, node prefix, list entry.
const REMOVE = `${PRUNE}
redis.call('SREM', KEYS[3], ARGV[4])
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

// A dead node: claimed by exactly one live node (SREM from the nodes set inside the script), its
// connections removed; the users left with none are returned so that node announces them offline.
// The lazy prune above may have removed the connections already; counting what is left decides.
// KEYS: nodes set. ARGV: node prefix, conns prefix, status prefix, node list prefix.
const SWEEP = `
local gone = {}
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. node) == 0 then
    redis.call('SREM', KEYS[1], node)
    local list = ARGV[4] .. node
    for _, entry in ipairs(redis.call('SMEMBERS', list)) do
      local e = cjson.decode(entry)
      local conns = ARGV[2] .. string.format('%d:%d', e[1], e[2])
      redis.call('SREM', conns, e[3])
      if redis.call('SCARD', conns) == 0 then
        redis.call('HDEL', ARGV[3] .. string.format('%d', e[1]), string.format('%d', e[2]))
        gone[#gone + 1] = entry
      end
    end
    redis.call('DEL', list)
  end
end
return gone
`;

/** nodeId of a connection key "<nodeId>:<connId>". */
function nodeOf(connKey: string): string {
  const i = connKey.lastIndexOf(':');
  return i > 0 ? connKey.slice(0, i) : connKey;
}

interface Conn {
  entId: number;
  userId: number;
  entry: string;
}

/**
 * Presence shared by every node through Redis. Also remembers this node's own connections, so
 * after Redis lost its data (restart without persistence) they are written back on reconnect.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly nodes = new Set<string>();
  /** This node's connections: connKey -> user and its entry in the node's connection list. */
  private readonly mine = new Map<string, Conn>();
  /** Connections that closed while Redis was unreachable. */
  private readonly leftovers = new Map<string, Conn>();
  private goneListeners: ((users: PresenceUser[]) => void)[] = [];
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

  private nodesKey(): string {
    return `${this.prefix}presence:nodes`;
  }

  private nodeConnsPrefix(): string {
    return `${this.prefix}presence:nodeconns:`;
  }

  async add({ entId, userId, account, nickname }: PresenceUser, connKey: string): Promise<boolean> {
    const node = nodeOf(connKey);
    this.nodes.add(node);
    const entry = JSON.stringify([entId, userId, connKey, account, nickname]);
    this.mine.set(connKey, { entId, userId, entry });
    const first = await this.client.eval(ADD, {
      keys: [this.conns(entId, userId), this.statusKey(entId), this.nodePrefix() + node, this.nodesKey(), this.nodeConnsPrefix() + node],
      arguments: [connKey, String(userId), String(this.ttlMs), this.nodePrefix(), node, entry],
    });
    return first === 1;
  }

  onUsersGone(listener: (users: PresenceUser[]) => void): void {
    this.goneListeners.push(listener);
  }

  /** Claims dead nodes and tells the listeners whom they left online. Runs with the refresh. */
  async sweep(): Promise<PresenceUser[]> {
    const entries = (await this.client.eval(SWEEP, {
      keys: [this.nodesKey()],
      arguments: [this.nodePrefix(), `${this.prefix}presence:conns:`, `${this.prefix}presence:status:`, this.nodeConnsPrefix()],
    })) as string[];
    const users = entries.map((text) => {
      const [entId, userId, , account, nickname] = JSON.parse(text) as [number, number, string, string, string];
      return { entId, userId, account, nickname };
    });
    if (users.length > 0) for (const l of this.goneListeners) l(users);
    return users;
  }

  async remove(entId: number, userId: number, connKey: string): Promise<boolean> {
    const conn = this.mine.get(connKey) ?? { entId, userId, entry: '' };
    this.mine.delete(connKey);
    try {
      const last = await this.removeNow(connKey, conn);
      this.leftovers.delete(connKey);
      return last;
    } catch (err) {
      // Redis unreachable: removed on reconnect, or this node would keep the user online.
      this.leftovers.set(connKey, conn);
      throw err;
    }
  }

  private async removeNow(connKey: string, { entId, userId, entry }: Conn): Promise<boolean> {
    const last = await this.client.eval(REMOVE, {
      keys: [this.conns(entId, userId), this.statusKey(entId), this.nodeConnsPrefix() + nodeOf(connKey)],
      arguments: [connKey, String(userId), this.nodePrefix(), entry],
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

  /** Keeps this node's keys alive. A key found expired (Redis stalled longer than the TTL, or lost
   *  its data) may have been swept by another node: the connections are written back. Then the
   *  sweep for other nodes. */
  private refreshNodes(): void {
    if (this.closed || !this.client.isReady) return;
    for (const node of this.nodes) {
      const key = this.nodePrefix() + node;
      this.client
        .pExpire(key, this.ttlMs)
        .then(async (alive) => {
          if (alive) return;
          await this.client.set(key, '1', { expiration: { type: 'PX', value: this.ttlMs } });
          this.writeBack();
        })
        .catch((err: unknown) => this.onError(err, 'presence heartbeat'));
    }
    this.sweep().catch((err: unknown) => this.onError(err, 'presence sweep'));
  }

  /** After a reconnect: removes what closed meanwhile and writes this node's connections back (a
   *  no-op when Redis still has them). Statuses chosen before a Redis data loss come back as
   *  'online' until the client announces one again. */
  private restore(): void {
    if (this.closed) return;
    this.refreshNodes();
    for (const [connKey, conn] of this.leftovers) {
      this.removeNow(connKey, conn).then(
        () => this.leftovers.delete(connKey),
        (err: unknown) => this.onError(err, 'presence cleanup'),
      );
    }
    this.writeBack();
  }

  private writeBack(): void {
    for (const [connKey, { entId, userId, entry }] of this.mine) {
      const node = nodeOf(connKey);
      this.client
        .multi()
        .sAdd(this.nodesKey(), node)
        .sAdd(this.nodeConnsPrefix() + node, entry)
        .sAdd(this.conns(entId, userId), connKey)
        .hSetNX(this.statusKey(entId), String(userId), 'online')
        .exec()
        .catch((err: unknown) => this.onError(err, 'presence restore'));
    }
  }
}
