import type { AcquireOptions, AcquireResult, FloorRecord, FloorStore } from './floor-store';
import { closeRedis, connectRedis, type RedisClient, type RedisErrorLogger } from '../ws/redis-client';

// Keys (P = prefix): P floor:{chatId}          the FloorRecord as JSON, expiring at until + margin
//                   P floor-user:{entId}:{uid}  the chat id that user holds, same expiry
// Each change is one Lua script, so it is atomic across nodes: of two presses on two nodes, one
// wins. "Expired" is decided with the granting node's clock (`until`), the same on every node
// within clock drift; the key expiry is only the backstop that cleans up after a node that died.
// The scripts build the previous holder's user key from its record, which standalone Redis allows
// and Redis Cluster does not (as the presence scripts do).

/** The key outlives `until` by this much, so a late release still finds its burst. */
const EXPIRY_MARGIN_MS = 10_000;

const LIVE = `
local now = tonumber(ARGV[2])
local function live(raw)
  if not raw then return nil end
  local r = cjson.decode(raw)
  if tonumber(r['until']) <= now then return nil end
  return r
end
`;

// KEYS: floor key, the asker's user key. ARGV: record JSON, now, force '1'/'0', ttl ms, floor key
// prefix, user key prefix, chat id, uid, bridged '1'/'0' (ADR 024: no one-floor rule, no user key).
const ACQUIRE = `${LIVE}
local uid = tonumber(ARGV[8])
local bridged = ARGV[9] == '1'
if not bridged then
  local other = redis.call('GET', KEYS[2])
  if other and other ~= ARGV[7] then
    local o = live(redis.call('GET', ARGV[5] .. other))
    if o and tonumber(o.uid) == uid then return {'busy', other} end
  end
end
local raw = redis.call('GET', KEYS[1])
local cur = live(raw)
if cur then
  if not bridged and tonumber(cur.uid) == uid and not cur.via then return {'held', raw} end
  if ARGV[3] ~= '1' then return {'occupied', raw} end
end
if raw then
  local prev = cjson.decode(raw)
  local pk = ARGV[6] .. string.format('%d:%d', prev.entId, prev.uid)
  if redis.call('GET', pk) == ARGV[7] then redis.call('DEL', pk) end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
if not bridged then redis.call('SET', KEYS[2], ARGV[7], 'PX', ARGV[4]) end
if raw then return {'granted', raw} end
return {'granted'}
`;

// KEYS: floor key. ARGV: burst id, user key prefix, chat id.
const RELEASE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local r = cjson.decode(raw)
if r.burstId ~= ARGV[1] then return false end
redis.call('DEL', KEYS[1])
local uk = ARGV[2] .. string.format('%d:%d', r.entId, r.uid)
if redis.call('GET', uk) == ARGV[3] then redis.call('DEL', uk) end
return raw
`;

export interface RedisFloorStoreOptions {
  /** Prefix of every key, so deployments can share one Redis. */
  prefix?: string;
  onError?: RedisErrorLogger;
}

const parse = (raw: unknown): FloorRecord | null => (typeof raw === 'string' ? (JSON.parse(raw) as FloorRecord) : null);

/** Floors shared by every node through Redis. Errors reach the caller (a press is then refused). */
export class RedisFloorStore implements FloorStore {
  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, options: RedisFloorStoreOptions = {}): Promise<RedisFloorStore> {
    const client = await connectRedis(url, 'ptt floors', options.onError ?? (() => undefined), false);
    return new RedisFloorStore(client, options.prefix ?? 'ptt:');
  }

  private floorKey(chatId: string): string {
    return `${this.prefix}floor:${chatId}`;
  }

  async acquire(rec: FloorRecord, { force, now, bridged = false }: AcquireOptions): Promise<AcquireResult> {
    const ttl = Math.max(1, rec.until - now) + EXPIRY_MARGIN_MS;
    const userPrefix = `${this.prefix}floor-user:`;
    const out = (await this.client.eval(ACQUIRE, {
      keys: [this.floorKey(rec.chatId), `${userPrefix}${rec.entId}:${rec.uid}`],
      arguments: [JSON.stringify(rec), String(now), force ? '1' : '0', String(ttl), `${this.prefix}floor:`, userPrefix, rec.chatId, String(rec.uid), bridged ? '1' : '0'],
    })) as string[];
    const [kind, value] = out;
    if (kind === 'busy') return { kind, chatId: value! };
    if (kind === 'held' || kind === 'occupied') return { kind, current: parse(value)! };
    return { kind: 'granted', previous: parse(value) };
  }

  async release(chatId: string, burstId: string): Promise<FloorRecord | null> {
    const raw = await this.client.eval(RELEASE, { keys: [this.floorKey(chatId)], arguments: [burstId, `${this.prefix}floor-user:`, chatId] });
    return parse(raw);
  }

  async get(chatId: string): Promise<FloorRecord | null> {
    return parse(await this.client.get(this.floorKey(chatId)));
  }

  async getMany(chatIds: readonly string[]): Promise<FloorRecord[]> {
    if (chatIds.length === 0) return [];
    const raws = await this.client.mGet(chatIds.map((id) => this.floorKey(id)));
    return raws.flatMap((raw) => parse(raw) ?? []);
  }

  async heldBy(entId: number, uid: number): Promise<FloorRecord | null> {
    const chatId = await this.client.get(`${this.prefix}floor-user:${entId}:${uid}`);
    const rec = chatId ? await this.get(chatId) : null;
    return rec?.uid === uid && !rec.via ? rec : null;
  }

  close(): Promise<void> {
    return closeRedis(this.client);
  }
}
