import { SEARCH_TOTAL_CAP, type Device, type DeviceListQuery, type DeviceLogAction, type DeviceLogEntry, type Page } from '@ptt/contracts';
import type { Queryable, SqlParam } from '../db/db';
import { Where, fetchPage, type PageRequest } from '../db/paging';
import { iso } from '../db/sql';

/** The columns a change reads and may write, as stored. */
export interface DeviceState {
  id: number;
  name: string;
  imei: string | null;
  mac: string | null;
  platform: string;
  status: string;
  active: boolean;
  activatedAt: string | null;
  userId: number | null;
  dispatcherId: number | null;
  tag: string | null;
}

/** Columns an edit may set (API field -> SQL column); nothing else reaches the SET clause. */
export const EDITABLE_COLUMNS = {
  name: 'name',
  platform: 'platform',
  imei: 'imei',
  mac: 'mac',
  tag: 'tag',
  dispatcherId: 'dispatcher_id',
  status: 'status',
  active: 'active',
  userId: 'user_id',
} as const;
export type DeviceChanges = Partial<Record<keyof typeof EDITABLE_COLUMNS, SqlParam>>;

export interface EntUser {
  id: number;
  account: string;
  nickname: string;
  role: number;
}

interface DeviceRow {
  id: number;
  name: string;
  imei: string | null;
  mac: string | null;
  platform: Device['platform'];
  status: Device['status'];
  active: boolean;
  activatedAt: string | null;
  uid: number | null;
  account: string | null;
  nickname: string | null;
  dispatcherId: number | null;
  dispatcherNickname: string | null;
  tag: string | null;
  createdAt: string;
}

const DEVICE_COLUMNS = `d.id, d.name, d.imei, d.mac, d.platform, d.status, d.active,
  ${iso('d.activated_at')} as "activatedAt", d.user_id as uid, u.account, u.nickname,
  d.dispatcher_id as "dispatcherId", (select p.nickname from users p where p.id = d.dispatcher_id) as "dispatcherNickname",
  d.tag, ${iso('d.created_at')} as "createdAt"`;
// The dispatcher's nickname is a column subquery: looked up for the page's rows only, where a join
// is made for every device before the sort (ADR 019). The bound user's account and nickname come
// through the join; the account sort uses the copy on the device (d.bound_account).
const DEVICE_FROM = `devices d left join users u on u.id = d.user_id`;

const DEVICE_SORT_COLUMNS: Record<string, string> = {
  id: 'd.id',
  name: 'lower(d.name)',
  imei: 'd.imei',
  platform: 'd.platform',
  status: 'd.status',
  active: 'd.active',
  activatedAt: 'd.activated_at',
  // lower(u.account) kept on the device by migration 013's triggers, with an index in this order.
  account: 'd.bound_account',
  createdAt: 'd.created_at',
};

function toDevice(r: DeviceRow): Device {
  return {
    id: r.id,
    name: r.name,
    imei: r.imei,
    mac: r.mac,
    platform: r.platform,
    status: r.status,
    active: r.active,
    activatedAt: r.activatedAt,
    user: r.uid === null ? null : { uid: r.uid, account: r.account ?? '', nickname: r.nickname ?? '' },
    dispatcher: r.dispatcherId === null ? null : { id: r.dispatcherId, nickname: r.dispatcherNickname ?? '' },
    tag: r.tag,
    createdAt: r.createdAt,
  };
}

interface LogRow {
  id: number;
  action: DeviceLogAction;
  uid: number | null;
  account: string | null;
  nickname: string | null;
  actorId: number | null;
  actorAccount: string | null;
  detail: unknown;
  time: string;
}

/** SQL of devices and their history; every statement is scoped by the enterprise id. */
export class DeviceRepository {
  constructor(private readonly db: Queryable) {}

  async list(entId: number, query: DeviceListQuery): Promise<Page<Device>> {
    const where = new Where().add('d.ent_id = ?', entId);
    if (query.q) {
      const like = Where.contains(query.q);
      // The account match is an array of the matching users' ids, computed once through the
      // trigram index on users.account: every arm of the OR then has an index (trigrams on name,
      // imei and mac, migration 013; devices_user_uq for the ids) and the planner ORs their
      // bitmaps. As `u.account ilike` it hash-joined every user; as `in (subquery)` it read every
      // device (ADR 006, ADR 019).
      where.add(
        `(d.name ilike ? or d.imei ilike ? or d.mac ilike ?
          or d.user_id = any(array(select x.id from users x where x.ent_id = ? and x.account ilike ?)))`,
        like,
        like,
        like,
        entId,
        like,
      );
    }
    if (query.platform) where.add('d.platform = ?', query.platform);
    if (query.status) where.add('d.status = ?', query.status);
    if (query.active !== undefined) where.add('d.active = ?', query.active);
    if (query.bound !== undefined) where.add(query.bound ? 'd.user_id is not null' : 'd.user_id is null');
    if (query.userId !== undefined) where.add('d.user_id = ?', query.userId);
    if (query.dispatcherId !== undefined) where.add('d.dispatcher_id = ?', query.dispatcherId);
    if (query.tag) where.add('d.tag = ?', query.tag);
    const page = await fetchPage<DeviceRow>(this.db, {
      columns: DEVICE_COLUMNS,
      from: DEVICE_FROM,
      where,
      sortColumns: DEVICE_SORT_COLUMNS,
      tieBreak: 'd.id',
      page: query,
      cap: query.q ? SEARCH_TOTAL_CAP : undefined,
    });
    return { ...page, items: page.items.map(toDevice) };
  }

  async find(entId: number, id: number, q: Queryable = this.db): Promise<Device | null> {
    const r = await q.query<DeviceRow>(`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.ent_id = $1 and d.id = $2`, [entId, id]);
    return r.rows[0] ? toDevice(r.rows[0]) : null;
  }

  /**
   * Monitor info: the model and phone from the newest executed device info command (6), and the
   * newest session activity of the bound account (sessions refresh last_seen_at once a minute).
   */
  async monitorInfo(entId: number, id: number): Promise<{ userId: number | null; model: string | null; phone: string | null; lastOnline: string | null } | null> {
    const r = await this.db.query<{ userId: number | null; model: string | null; phone: string | null; lastOnline: string | null }>(
      `select d.user_id as "userId", c.detail->>'model' as model, c.detail->>'phone' as phone,
              (select ${iso('max(s.last_seen_at)')} from sessions s where s.user_id = d.user_id) as "lastOnline"
         from devices d
         left join lateral (
           select detail from device_commands
            where device_id = d.id and command = '6' and state = 'executed' and detail is not null
            order by updated_at desc limit 1
         ) c on true
        where d.ent_id = $1 and d.id = $2`,
      [entId, id],
    );
    return r.rows[0] ?? null;
  }

  /** Reads the device and locks its row until the transaction ends (two activations cannot cross). */
  async lock(q: Queryable, entId: number, id: number): Promise<DeviceState | null> {
    const r = await q.query<DeviceState>(
      `select id, name, imei, mac, platform, status, active, ${iso('activated_at')} as "activatedAt",
              user_id as "userId", dispatcher_id as "dispatcherId", tag
         from devices where ent_id = $1 and id = $2 for update`,
      [entId, id],
    );
    return r.rows[0] ?? null;
  }

  async findUser(q: Queryable, entId: number, id: number): Promise<EntUser | null> {
    const r = await q.query<EntUser>('select id, account, nickname, role from users where ent_id = $1 and id = $2', [entId, id]);
    return r.rows[0] ?? null;
  }

  /** The device an account is bound to, if any (users belong to one enterprise). */
  async deviceOfUser(q: Queryable, userId: number): Promise<number | null> {
    const r = await q.query<{ id: number }>('select id from devices where user_id = $1', [userId]);
    return r.rows[0]?.id ?? null;
  }

  /** Whether another device of the enterprise already has this IMEI or MAC. */
  async duplicateExists(q: Queryable, entId: number, imei: string | null, mac: string | null, exceptId: number | null): Promise<boolean> {
    if (imei === null && mac === null) return false;
    const r = await q.query(
      `select 1 from devices where ent_id = $1 and id <> $2 and (imei = $3 or mac = $4) limit 1`,
      [entId, exceptId ?? 0, imei, mac],
    );
    return r.rows.length > 0;
  }

  async insert(
    q: Queryable,
    entId: number,
    d: { name: string; platform: string; imei: string | null; mac: string | null; tag: string | null; dispatcherId: number | null },
  ): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into devices (ent_id, name, platform, imei, mac, tag, dispatcher_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [entId, d.name, d.platform, d.imei, d.mac, d.tag, d.dispatcherId],
    );
    return r.rows[0]!.id;
  }

  /** Sets the given columns; `activatedNow` also stamps activated_at. */
  async update(q: Queryable, entId: number, id: number, changes: DeviceChanges, activatedNow = false): Promise<void> {
    const sets: string[] = ['updated_at = now()'];
    const params: SqlParam[] = [entId, id];
    for (const [field, value] of Object.entries(changes) as [keyof typeof EDITABLE_COLUMNS, SqlParam][]) {
      params.push(value);
      sets.push(`${EDITABLE_COLUMNS[field]} = $${params.length}`);
    }
    if (activatedNow) sets.push('activated_at = now()');
    await q.query(`update devices set ${sets.join(', ')} where ent_id = $1 and id = $2`, params);
  }

  async remove(q: Queryable, entId: number, id: number): Promise<void> {
    await q.query('delete from devices where ent_id = $1 and id = $2', [entId, id]);
  }

  async addLog(
    q: Queryable,
    entry: { entId: number; deviceId: number; action: DeviceLogAction; userId: number | null; actorId: number; detail: Record<string, unknown> },
  ): Promise<void> {
    await q.query(
      `insert into device_logs (ent_id, device_id, action, user_id, actor_id, detail) values ($1, $2, $3, $4, $5, $6::jsonb)`,
      [entry.entId, entry.deviceId, entry.action, entry.userId, entry.actorId, JSON.stringify(entry.detail)],
    );
  }

  async logs(entId: number, deviceId: number, query: PageRequest & { action?: DeviceLogAction | undefined }): Promise<Page<DeviceLogEntry>> {
    const where = new Where().add('l.ent_id = ?', entId).add('l.device_id = ?', deviceId);
    if (query.action) where.add('l.action = ?', query.action);
    const page = await fetchPage<LogRow>(this.db, {
      columns: `l.id, l.action, l.user_id as uid, u.account, u.nickname, l.actor_id as "actorId", a.account as "actorAccount",
        l.detail, ${iso('l.created_at')} as time`,
      from: 'device_logs l left join users u on u.id = l.user_id left join users a on a.id = l.actor_id',
      where,
      sortColumns: { time: 'l.created_at' },
      tieBreak: 'l.id',
      page: query,
    });
    return {
      ...page,
      items: page.items.map((r) => ({
        id: r.id,
        action: r.action,
        user: r.uid === null ? null : { uid: r.uid, account: r.account ?? '', nickname: r.nickname ?? '' },
        actor: r.actorId === null ? null : { id: r.actorId, account: r.actorAccount ?? '' },
        detail: r.detail,
        time: r.time,
      })),
    };
  }
}
