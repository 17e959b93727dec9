import {
  SCREEN_ALERTS_MAX,
  chatId,
  sosMsgOf,
  type ScreenCounts,
  type ScreenFloor,
  type ScreenMembers,
  type ScreenSummary,
  type UserStatus,
} from '@ptt/contracts';
import type { CoreDeps } from '../core-deps';
import { latestAlertFrames } from '../fences/fence-alert.repository';
import type { ScreenViewer } from '../http/caller';
import { talkerOf } from '../ptt/floor-frames';
import { isLive } from '../ptt/floor-store';
import { SosRepository } from '../sos/sos.repository';

/** How long a node reuses an organisation's channel list and user total (ADR 026). */
export const SCREEN_CACHE_MS = 10_000;
/** Open SOS the summary carries at most (oldest first); a wall shows far fewer. */
const SUMMARY_SOS_MAX = 500;

interface ScreenChannel {
  id: number;
  name: string;
}

/** Per node, per organisation: a value and when it was read (a read in flight is shared). */
class TtlCache<V> {
  private readonly entries = new Map<number, { until: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: (entId: number) => Promise<V>,
    private readonly now: () => number = Date.now,
  ) {}

  get(entId: number): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(entId);
    if (hit && hit.until > now) return hit.value;
    const value = this.load(entId);
    this.entries.set(entId, { until: now + this.ttlMs, value });
    // A failed read is not kept: the next caller asks again.
    value.catch(() => {
      if (this.entries.get(entId)?.value === value) this.entries.delete(entId);
    });
    return value;
  }

  drop(entId: number): void {
    this.entries.delete(entId);
  }
}

/**
 * What the large screen reads (ADR 026): the counts, the summary (live floors of channels, open
 * SOS, the latest cross-border alerts) and the members on the map. Counts come from the shared
 * stores (presence, floors, the database), so every node computes the same numbers.
 */
export class ScreenService {
  private readonly sos: SosRepository;
  private readonly channels: TtlCache<ScreenChannel[]>;
  private readonly totals: TtlCache<number>;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'presence' | 'floorStore'>) {
    this.sos = new SosRepository(deps.db);
    this.channels = new TtlCache(SCREEN_CACHE_MS, (entId) => this.loadChannels(entId));
    this.totals = new TtlCache(SCREEN_CACHE_MS, (entId) => this.loadTotal(entId));
  }

  private async loadChannels(entId: number): Promise<ScreenChannel[]> {
    const r = await this.deps.db.query<ScreenChannel>('select id, name from channels where ent_id = $1 and disbanded_at is null order by id', [entId]);
    return r.rows.map((c) => ({ id: Number(c.id), name: c.name }));
  }

  private async loadTotal(entId: number): Promise<number> {
    const r = await this.deps.db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [entId]);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * A channel's name for ScreenFloor frames: from the cached list; a channel newer than the list
   * reads the list again once, then the row itself (a disbanded channel's last floor still names it).
   */
  async channelName(entId: number, channelId: number): Promise<string | null> {
    const cached = (await this.channels.get(entId)).find((c) => c.id === channelId);
    if (cached) return cached.name;
    this.channels.drop(entId);
    const fresh = (await this.channels.get(entId)).find((c) => c.id === channelId);
    if (fresh) return fresh.name;
    const r = await this.deps.db.query<{ name: string }>('select name from channels where ent_id = $1 and id = $2', [entId, channelId]);
    return r.rows[0]?.name ?? null;
  }

  /** Live floors of the organisation's channels (temporary channels are not on the wall). */
  private async floors(entId: number): Promise<ScreenFloor[]> {
    const channels = await this.channels.get(entId);
    if (channels.length === 0) return [];
    const byChat = new Map(channels.map((c) => [chatId(entId, c.id), c]));
    const now = Date.now();
    const held = (await this.deps.floorStore.getMany([...byChat.keys()])).filter((rec) => isLive(rec, now));
    return held.map((rec) => {
      const c = byChat.get(rec.chatId)!;
      return { chatId: rec.chatId, channelId: c.id, channelName: c.name, holder: talkerOf(rec), since: new Date(rec.since).toISOString() };
    });
  }

  private async statuses(entId: number): Promise<{ uid: number; status: UserStatus }[]> {
    return this.deps.presence.statuses(entId);
  }

  /** Online (visible statuses but offline: invisible counts as offline), talking (held channel
   *  floors), members in SOS, total and offline. */
  async counts(entId: number): Promise<ScreenCounts> {
    const [online, floors, sos, total] = await Promise.all([
      this.statuses(entId).then((s) => s.length),
      this.floors(entId),
      this.sos.openUsers(entId),
      this.totals.get(entId),
    ]);
    const shown = Math.min(online, total);
    return { online: shown, talking: floors.length, sos, offline: total - shown, total };
  }

  async summary(viewer: ScreenViewer): Promise<ScreenSummary> {
    const { entId } = viewer;
    const [counts, floors, open, alerts] = await Promise.all([
      this.counts(entId),
      this.floors(entId),
      this.sos.open(entId, SUMMARY_SOS_MAX),
      latestAlertFrames(this.deps.db, entId, SCREEN_ALERTS_MAX),
    ]);
    return {
      ent: { id: entId, name: viewer.entName },
      counts,
      floors,
      sos: open.map(sosMsgOf),
      alerts,
      at: new Date().toISOString(),
    };
  }

  /** Every member with a stored position (WGS-84), with their visible status. */
  async members(viewer: ScreenViewer): Promise<ScreenMembers> {
    const [rows, statuses] = await Promise.all([
      this.deps.db.query<{ uid: number; nickname: string; lng: number; lat: number; time: number }>(
        `select p.user_id as uid, u.nickname, p.lng, p.lat, (extract(epoch from p.reported_at) * 1000)::float8 as time
           from latest_positions p join users u on u.id = p.user_id and u.ent_id = p.ent_id
          where p.ent_id = $1 order by p.user_id`,
        [viewer.entId],
      ),
      this.statuses(viewer.entId),
    ]);
    const status = new Map(statuses.map((s) => [s.uid, s.status]));
    return {
      items: rows.rows.map((r) => ({
        uid: Number(r.uid),
        nickname: r.nickname,
        status: status.get(Number(r.uid)) ?? 'offline',
        lng: Number(r.lng),
        lat: Number(r.lat),
        time: Math.round(Number(r.time)),
      })),
    };
  }
}
