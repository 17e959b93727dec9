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
  ip: string | null;
  startedAt: string;
  closedAt: string | null;
}

const COLUMNS = `s.id, s.user_id as uid, u.account, u.nickname, s.dispatcher_id as "dispatcherId",
  d.nickname as "dispatcherNickname", s.lng, s.lat, s.device, s.ip,
  ${iso('s.started_at')} as "startedAt", ${iso('s.closed_at')} as "closedAt"`;
const FROM = 'sos_records s join users u on u.id = s.user_id left join users d on d.id = s.dispatcher_id';
const SORTS: Record<string, string> = { startedAt: 's.started_at', closedAt: 's.closed_at', account: 'lower(u.account)' };

function toRecord(r: SosRow): SosRecord {
  return {
    id: r.id,
    user: { uid: r.uid, account: r.account, nickname: r.nickname },
    dispatcher: r.dispatcherId === null ? null : { id: r.dispatcherId, nickname: r.dispatcherNickname ?? '' },
    lng: r.lng,
    lat: r.lat,
    device: r.device,
    ip: r.ip,
    startedAt: r.startedAt,
    closedAt: r.closedAt,
    state: r.closedAt === null ? 'open' : 'closed',
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

/** SQL of SOS records; every statement names the enterprise. */
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

  /** Closes an open SOS; false when it is not open (closed already, or not of this enterprise). */
  async close(entId: number, id: number, dispatcherId: number): Promise<boolean> {
    const r = await this.db.query(
      'update sos_records set closed_at = now(), dispatcher_id = $3, updated_at = now() where ent_id = $1 and id = $2 and closed_at is null',
      [entId, id, dispatcherId],
    );
    return r.rowCount > 0;
  }

  async find(entId: number, id: number): Promise<SosRecord | null> {
    const r = await this.db.query<SosRow>(`select ${COLUMNS} from ${FROM} where s.ent_id = $1 and s.id = $2`, [entId, id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async list(entId: number, q: SosListQuery, onlyUser?: number): Promise<Page<SosRecord>> {
    const w = new Where().add('s.ent_id = ?', entId);
    const userId = onlyUser ?? q.userId;
    if (userId !== undefined) w.add('s.user_id = ?', userId);
    if (q.state) w.add(q.state === 'open' ? 's.closed_at is null' : 's.closed_at is not null');
    if (q.from !== undefined) w.add('s.started_at >= to_timestamp(?::double precision / 1000)', q.from);
    if (q.to !== undefined) w.add('s.started_at < to_timestamp(?::double precision / 1000)', q.to);
    if (q.q) {
      const like = Where.contains(q.q);
      w.add('(u.account ilike ? or u.nickname ilike ? or s.device ilike ? or s.ip ilike ?)', like, like, like, like);
    }
    const page = await fetchPage<SosRow>(this.db, { columns: COLUMNS, from: FROM, where: w, sortColumns: SORTS, tieBreak: 's.id', page: q });
    return { ...page, items: page.items.map(toRecord) };
  }

  /** The name of the device bound to the user (socket raises have no user agent). */
  async deviceName(entId: number, userId: number): Promise<string | null> {
    const r = await this.db.query<{ name: string }>('select name from devices where ent_id = $1 and user_id = $2', [entId, userId]);
    return r.rows[0]?.name ?? null;
  }

  /** Whether any of these users is staff who may handle an SOS (roles given), other than `except`. */
  async anyStaff(entId: number, userIds: readonly number[], roles: readonly number[], except: number): Promise<boolean> {
    const others = userIds.filter((id) => id !== except);
    if (others.length === 0) return false;
    const r = await this.db.query(
      `select 1 from users where ent_id = $1 and not locked
          and id in (select value::int from jsonb_array_elements_text($2::jsonb))
          and role in (select value::int from jsonb_array_elements_text($3::jsonb))
        limit 1`,
      [entId, JSON.stringify(others), JSON.stringify(roles)],
    );
    return r.rows.length > 0;
  }
}
