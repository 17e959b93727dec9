import type { FenceAlert, FenceAlertListQuery, FenceRule, Page, WallAlertFrame } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

// SQL of the cross-border alert records: listed by the records screen and the large screen (the
// monitor stores them with its state writes, fence-state.repository.ts).

/** The latest cross-border records as their WallAlert frames, newest first (the large screen, ADR 026). */
export async function latestAlertFrames(q: Queryable, entId: number, limit: number): Promise<WallAlertFrame[]> {
  const r = await q.query<WallAlertFrame>(
    `select a.id as "alertId", a.fence_id as "fenceId", a.fence_name as "fenceName", u.id as uid, u.account, u.nickname,
            a.type, a.lng, a.lat, ${iso('a.alerted_at')} as time
       from fence_alerts a join users u on u.id = a.user_id
      where a.ent_id = $1 order by a.alerted_at desc, a.id desc limit $2`,
    [entId, limit],
  );
  return r.rows;
}

interface AlertRow {
  id: number;
  uid: number;
  account: string;
  nickname: string;
  dispatcherId: number | null;
  dispatcherNickname: string | null;
  fenceId: number;
  fenceName: string;
  type: FenceRule;
  time: string;
  ip: string | null;
  lng: number;
  lat: number;
}

const COLUMNS = `a.id, a.user_id as uid, u.account, u.nickname, a.dispatcher_id as "dispatcherId", d.nickname as "dispatcherNickname",
  a.fence_id as "fenceId", a.fence_name as "fenceName", a.type, ${iso('a.alerted_at')} as time, a.ip, a.lng, a.lat`;
const FROM = 'fence_alerts a join users u on u.id = a.user_id left join users d on d.id = a.dispatcher_id';
const SORTS: Record<string, string> = { time: 'a.alerted_at', account: 'lower(u.account)', fenceName: 'lower(a.fence_name)' };

function toAlert(r: AlertRow): FenceAlert {
  return {
    id: r.id,
    user: { uid: r.uid, account: r.account, nickname: r.nickname },
    dispatcher: r.dispatcherId === null ? null : { id: r.dispatcherId, nickname: r.dispatcherNickname ?? '' },
    fence: { id: r.fenceId, name: r.fenceName },
    type: r.type,
    time: r.time,
    ip: r.ip,
    lng: r.lng,
    lat: r.lat,
  };
}

export async function listAlerts(q: Queryable, entId: number, query: FenceAlertListQuery): Promise<Page<FenceAlert>> {
  const w = new Where().add('a.ent_id = ?', entId);
  if (query.fenceId) w.add('a.fence_id = ?', query.fenceId);
  if (query.userId) w.add('a.user_id = ?', query.userId);
  if (query.type) w.add('a.type = ?', query.type);
  if (query.from !== undefined) w.add('a.alerted_at >= to_timestamp(?::double precision / 1000)', query.from);
  if (query.to !== undefined) w.add('a.alerted_at < to_timestamp(?::double precision / 1000)', query.to);
  if (query.q) {
    const like = Where.contains(query.q);
    w.add('(u.account ilike ? or u.nickname ilike ? or a.fence_name ilike ? or a.ip ilike ?)', like, like, like, like);
  }
  const page = await fetchPage<AlertRow>(q, { columns: COLUMNS, from: FROM, where: w, sortColumns: SORTS, tieBreak: 'a.id', page: query });
  return { ...page, items: page.items.map(toAlert) };
}
