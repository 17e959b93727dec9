import type { Page, PatrolCounts, PatrolDashboard, PatrolMember, PatrolMemberListQuery } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';
import { ASSIGNED, jsonIds } from './patrol-plan.repository';

// The dashboard's counts (by index range on organisation and time) and the members list.

type DayCounts = PatrolCounts & { day: string };

const DAY_COUNTS = `sum(runs)::int as runs, sum(complete)::int as complete, sum(incomplete)::int as incomplete,
  sum(missed_runs)::int as "missedRuns", sum(active)::int as active, sum(missed)::int as missed, sum(flagged)::int as flagged,
  sum(checkins)::int as checkins, sum(on_time)::int as "onTime", sum(early)::int as early, sum(late)::int as late`;

export const ZERO: PatrolCounts = { runs: 0, complete: 0, incomplete: 0, missedRuns: 0, active: 0, checkins: 0, onTime: 0, early: 0, late: 0, missed: 0, flagged: 0 };

/**
 * Counts per organisation day from `fromDay` to `toDay` (YYYY-MM-DD, both included): runs by
 * planned start, check-ins by time, from the daily roll-up (migration 022, kept in the
 * organisation's time zone by triggers). Days without anything are absent (the service fills them).
 */
export async function countsByDay(q: Queryable, entId: number, fromDay: string, toDay: string, taskId?: number): Promise<Map<string, PatrolCounts>> {
  const r = await q.query<DayCounts>(
    `select to_char(day, 'YYYY-MM-DD') as day, ${DAY_COUNTS}
       from patrol_daily where ent_id = $1 and day >= $2::date and day <= $3::date${taskId ? ' and task_id = $4' : ''}
      group by day`,
    [entId, fromDay, toDay, ...(taskId ? [taskId] : [])],
  );
  return new Map(r.rows.map(({ day, ...c }) => [day, c]));
}

/** The 50 members with the most check-ins over these organisation days (the daily roll-up). */
export async function topMembers(q: Queryable, entId: number, fromDay: string, toDay: string, taskId?: number): Promise<PatrolDashboard['members']> {
  const r = await q.query<PatrolDashboard['members'][number]>(
    `select u.id as uid, u.account, u.nickname, c.checkins, c."onTime", c.early, c.late
       from (select user_id, sum(checkins)::int as checkins, sum(on_time)::int as "onTime", sum(early)::int as early, sum(late)::int as late
               from patrol_daily_members
              where ent_id = $1 and day >= $2::date and day <= $3::date${taskId ? ' and task_id = $4' : ''}
              group by user_id having sum(checkins) > 0 order by sum(checkins) desc, user_id limit 50) c
       join users u on u.id = c.user_id
      order by c.checkins desc, u.id`,
    [entId, fromDay, toDay, ...(taskId ? [taskId] : [])],
  );
  return r.rows;
}

// ---------------------------------------------------------------------------------------------
// Members

const MEMBER_SORTS: Record<string, string> = { account: 'lower(u.account)', nickname: 'lower(u.nickname)' };

type MemberRow = Pick<PatrolMember, 'uid' | 'account' | 'nickname' | 'taskCount'>;

/** Members assigned to an enabled task (directly or through a channel), paged. */
export function listMembers(q: Queryable, entId: number, query: PatrolMemberListQuery): Promise<Page<MemberRow>> {
  // `$1` is the organisation (the first parameter of `where`), in `from` as well.
  const where = new Where().add('u.ent_id = ?', entId);
  const from = `users u join (select a.user_id, count(distinct a.task_id)::int as n from ${ASSIGNED} a
    join patrol_tasks t on t.id = a.task_id and t.enabled and t.ent_id = $1 group by a.user_id) m on m.user_id = u.id`;
  if (query.q) where.add('(u.account ilike ? or u.nickname ilike ?)', Where.contains(query.q), Where.contains(query.q));
  if (query.taskId) where.add(`u.id in (select a.user_id from ${ASSIGNED} a where a.task_id = ?)`, query.taskId);
  if (query.active) {
    where.add(
      `exists (select 1 from ${ASSIGNED} a join patrol_runs r on r.task_id = a.task_id and r.status = 'active' and r.ent_id = u.ent_id join patrol_tasks t on t.id = a.task_id and t.enabled where a.user_id = u.id)`,
    );
  }
  return fetchPage<MemberRow>(q, {
    columns: 'u.id as uid, u.account, u.nickname, m.n as "taskCount"',
    from,
    where,
    sortColumns: MEMBER_SORTS,
    tieBreak: 'u.id',
    page: query,
  });
}

export interface MemberExtras {
  positions: Map<number, { lng: number; lat: number; time: string }>;
  last: Map<number, NonNullable<PatrolMember['lastCheckin']>>;
}

export async function memberExtras(q: Queryable, entId: number, userIds: readonly number[]): Promise<MemberExtras> {
  const out: MemberExtras = { positions: new Map(), last: new Map() };
  if (userIds.length === 0) return out;
  const ids = jsonIds(userIds);
  const [pos, last] = await Promise.all([
    q.query<{ uid: number; lng: number; lat: number; time: string }>(
      `select user_id as uid, lng, lat, ${iso('reported_at')} as time from latest_positions
        where ent_id = $1 and user_id in (select value::int from jsonb_array_elements_text($2::jsonb))`,
      [entId, ids],
    ),
    q.query<{ uid: number; time: string; nodeName: string; result: NonNullable<PatrolMember['lastCheckin']>['result'] }>(
      `select distinct on (user_id) user_id as uid, ${iso('checked_at')} as time, node_name as "nodeName", result
         from patrol_checkins where ent_id = $1 and user_id in (select value::int from jsonb_array_elements_text($2::jsonb))
        order by user_id, checked_at desc`,
      [entId, ids],
    ),
  ]);
  for (const { uid, ...p } of pos.rows) out.positions.set(uid, p);
  for (const { uid, ...c } of last.rows) out.last.set(uid, c);
  return out;
}
