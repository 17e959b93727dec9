import type { Page, SosListQuery, SosRecord } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where, fetchPage } from '../db/paging';
import { iso } from '../db/sql';

interface SosRow {
  id: number;
  uid: number;
  account: string;
  nickname: string;
  dispatcherId: number | null;
  dispatcherNickname: string | null;
  lng: number | null;
  lat: number | null;
  device: string | null;
  deviceId: number | null;
  ip: string | null;
  startedAt: string;
  closedAt: string | null;
  ackedAt: string | null;
  ackedById: number | null;
  ackedByNickname: string | null;
  escalatedAt: string | null;
  closeNote: string | null;
}

const COLUMNS = `s.id, s.user_id as uid, u.account, u.nickname, s.dispatcher_id as "dispatcherId",
  d.nickname as "dispatcherNickname", s.lng, s.lat, s.device, dv.id as "deviceId", s.ip,
  ${iso('s.started_at')} as "startedAt", ${iso('s.closed_at')} as "closedAt",
  ${iso('s.acked_at')} as "ackedAt", s.acked_by as "ackedById", a.nickname as "ackedByNickname",
  ${iso('s.escalated_at')} as "escalatedAt", s.close_note as "closeNote"`;
// devices.user_id is unique: the join adds at most the one device bound to the raiser (now).
const FROM = `sos_records s join users u on u.id = s.user_id left join users d on d.id = s.dispatcher_id
  left join users a on a.id = s.acked_by left join devices dv on dv.user_id = s.user_id`;
// Counting needs no staff or device names.
const COUNT_FROM = 'sos_records s join users u on u.id = s.user_id';
export const SOS_SORTS: Record<string, string> = { startedAt: 's.started_at', closedAt: 's.closed_at', account: 'lower(u.account)' };

/** The list's filters (`s` the SOS, `u` its raiser), shared with its export (records/record-exports.ts). */
export function sosWhere(entId: number, q: Omit<SosListQuery, 'page' | 'size' | 'sort' | 'order'>, onlyUser?: number): Where {
  const w = new Where().add('s.ent_id = ?', entId);
  const userId = onlyUser ?? q.userId;
  if (userId !== undefined) w.add('s.user_id = ?', userId);
  if (q.state) w.add(q.state === 'open' ? 's.closed_at is null' : 's.closed_at is not null');
  if (q.device) w.add('s.device ilike ?', Where.contains(q.device));
  if (q.from !== undefined) w.add('s.started_at >= to_timestamp(?::double precision / 1000)', q.from);
  if (q.to !== undefined) w.add('s.started_at < to_timestamp(?::double precision / 1000)', q.to);
  if (q.q) {
    const like = Where.contains(q.q);
    w.add('(u.account ilike ? or u.nickname ilike ? or s.device ilike ? or s.ip ilike ?)', like, like, like, like);
  }
  return w;
}

const staff = (id: number | null, nickname: string | null) => (id === null ? null : { id, nickname: nickname ?? '' });

function toRecord(r: SosRow): SosRecord {
  return {
    id: r.id,
    user: { uid: r.uid, account: r.account, nickname: r.nickname },
    dispatcher: staff(r.dispatcherId, r.dispatcherNickname),
    lng: r.lng,
    lat: r.lat,
    device: r.device,
    deviceId: r.deviceId,
    ip: r.ip,
    startedAt: r.startedAt,
    closedAt: r.closedAt,
    state: r.closedAt === null ? 'open' : 'closed',
    ackedAt: r.ackedAt,
    ackedBy: staff(r.ackedById, r.ackedByNickname),
    escalatedAt: r.escalatedAt,
    closeNote: r.closeNote,
  };
}

export interface RaiseInput {
  entId: number;
  userId: number;
  lng: number | null;
  lat: number | null;
  device: string | null;
  ip: string | null;
}

/** An SOS the sweep just marked escalated, with its organisation's time then. */
export interface EscalatedRow {
  entId: number;
  sosId: number;
  afterS: number;
}

/** SQL of SOS records; every statement names the enterprise (but the sweep, which is every one's). */
export class SosRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Opens an SOS, or updates the user's open one (one statement against the partial unique index,
   * so two raises at once cannot make two records). A raise without a position keeps the last one.
   */
  async raise(s: RaiseInput): Promise<{ id: number; created: boolean }> {
    const r = await this.db.query<{ id: number; created: boolean }>(
      `insert into sos_records (ent_id, user_id, lng, lat, device, ip) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id) where closed_at is null do update set
         lng = coalesce(excluded.lng, sos_records.lng), lat = coalesce(excluded.lat, sos_records.lat),
         device = coalesce(excluded.device, sos_records.device), ip = coalesce(excluded.ip, sos_records.ip),
         updated_at = now()
       returning id, (xmax = 0) as created`,
      [s.entId, s.userId, s.lng, s.lat, s.device, s.ip],
    );
    return r.rows[0]!;
  }

  /** Acknowledges an open SOS nobody acknowledged yet; false otherwise (already, closed, absent). */
  async ack(entId: number, id: number, userId: number): Promise<boolean> {
    const r = await this.db.query(
      `update sos_records set acked_at = now(), acked_by = $3, updated_at = now()
        where ent_id = $1 and id = $2 and closed_at is null and acked_at is null`,
      [entId, id, userId],
    );
    return r.rowCount > 0;
  }

  /**
   * Closes an open SOS with the dispatcher's note, acknowledging it as them if nobody had (SET
   * reads the old row, so `acked_at is null` is the value before this update). False when it is
   * not open (closed already, or not of this enterprise).
   */
  async close(entId: number, id: number, dispatcherId: number, note: string | null): Promise<boolean> {
    const r = await this.db.query(
      `update sos_records set closed_at = now(), dispatcher_id = $3, close_note = $4, updated_at = now(),
              acked_at = coalesce(acked_at, now()),
              acked_by = case when acked_at is null then $3 else acked_by end
        where ent_id = $1 and id = $2 and closed_at is null`,
      [entId, id, dispatcherId, note],
    );
    return r.rowCount > 0;
  }

  /**
   * The escalation sweep (ADR 025): marks every open, unacknowledged, not yet escalated SOS whose
   * organisation's time has passed, and writes its 'escalated' event, in one statement. The update
   * is the claim: with several nodes each SOS escalates on exactly one of them.
   */
  async escalateDue(): Promise<EscalatedRow[]> {
    const r = await this.db.query<EscalatedRow>(
      `with due as (
         update sos_records s set escalated_at = now(), updated_at = now()
           from enterprises e
          where e.id = s.ent_id and s.closed_at is null and s.acked_at is null and s.escalated_at is null
            and s.started_at + e.sos_escalate_after_s * interval '1 second' <= now()
         returning s.ent_id, s.id, e.sos_escalate_after_s
       ), logged as (
         insert into sos_events (ent_id, sos_id, type, note)
         select ent_id, id, 'escalated', sos_escalate_after_s::text from due
       )
       select ent_id as "entId", id as "sosId", sos_escalate_after_s as "afterS" from due order by id`,
    );
    return r.rows;
  }

  /** Open SOS of the enterprise, oldest first (the large screen's panel, ADR 026). */
  async open(entId: number, limit: number): Promise<SosRecord[]> {
    const r = await this.db.query<SosRow>(
      `select ${COLUMNS} from ${FROM} where s.ent_id = $1 and s.closed_at is null order by s.started_at, s.id limit $2`,
      [entId, limit],
    );
    return r.rows.map(toRecord);
  }

  /** Members with an open SOS (the large screen's count). */
  async openUsers(entId: number): Promise<number> {
    const r = await this.db.query<{ n: number }>('select count(distinct user_id)::int as n from sos_records where ent_id = $1 and closed_at is null', [entId]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async find(entId: number, id: number): Promise<SosRecord | null> {
    const r = await this.db.query<SosRow>(`select ${COLUMNS} from ${FROM} where s.ent_id = $1 and s.id = $2`, [entId, id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async list(entId: number, q: SosListQuery, onlyUser?: number): Promise<Page<SosRecord>> {
    const w = sosWhere(entId, q, onlyUser);
    const page = await fetchPage<SosRow>(this.db, {
      columns: COLUMNS,
      from: FROM,
      where: w,
      sortColumns: SOS_SORTS,
      tieBreak: 's.id',
      page: q,
      count: { from: COUNT_FROM, where: w },
    });
    return { ...page, items: page.items.map(toRecord) };
  }

  /** The name of the device bound to the user (socket raises have no user agent). */
  async deviceName(entId: number, userId: number): Promise<string | null> {
    const r = await this.db.query<{ name: string }>('select name from devices where ent_id = $1 and user_id = $2', [entId, userId]);
    return r.rows[0]?.name ?? null;
  }

  /** The enabled, not disbanded channels the user is a member of (where the SOS card goes). */
  async liveChannelsOf(entId: number, userId: number): Promise<number[]> {
    const r = await this.db.query<{ id: number }>(
      `select c.id from channel_members cm join channels c on c.id = cm.channel_id
        where cm.user_id = $2 and c.ent_id = $1 and c.enabled and c.disbanded_at is null order by c.id`,
      [entId, userId],
    );
    return r.rows.map((row) => row.id);
  }

  /** Of these users, the unlocked ones whose role is one of `roles`, other than `except`. */
  async usersWithRole(entId: number, userIds: readonly number[], roles: readonly number[], except = 0): Promise<number[]> {
    const others = userIds.filter((id) => id !== except);
    if (others.length === 0) return [];
    const r = await this.db.query<{ id: number }>(
      `select id from users where ent_id = $1 and not locked
          and id in (select value::int from jsonb_array_elements_text($2::jsonb))
          and role in (select value::int from jsonb_array_elements_text($3::jsonb))
        order by id`,
      [entId, JSON.stringify(others), JSON.stringify(roles)],
    );
    return r.rows.map((row) => row.id);
  }
}
