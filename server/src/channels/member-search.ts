import { SEARCH_TOTAL_CAP, type ChannelMember, type ChannelMemberListQuery, type Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, offsetOf, orderOf, pageOf, selectPage, Where } from '../db/paging';
import { iso } from '../db/sql';

// The member list of a channel, plain and searched (ADR 019, ADR 021). The enterprise channel holds
// everyone, so a search there is a search of all users, then a membership test per match.

export const MEMBER_COLUMNS = `m.user_id as "userId", u.account, u.nickname, m.role, m.level, m.remark, m.enabled,
  ${iso('m.created_at')} as "joinedAt"`;
export const MEMBER_FROM = 'channel_members m join users u on u.id = m.user_id';
const MEMBER_SORTS: Record<string, string> = {
  userId: 'm.user_id',
  account: 'lower(u.account)',
  nickname: 'lower(u.nickname)',
  role: 'm.role',
  level: 'm.level',
  joinedAt: 'm.created_at',
};
/** Sorts on the user's own columns: a search pages through the matching users in that order. */
const NAME_SORTS: Record<string, string> = { account: 'account', nickname: 'nickname' };

/** The membership conditions of the list (`m` is channel_members). */
function memberFilters(w: Where, channelId: number, query: ChannelMemberListQuery): Where {
  w.add('m.channel_id = ?', channelId);
  if (query.role !== undefined) w.add('m.role = ?', query.role);
  if (query.enabled !== undefined) w.add('m.enabled = ?', query.enabled);
  return w;
}

export function listMembers(q: Queryable, entId: number, channelId: number, query: ChannelMemberListQuery): Promise<Page<ChannelMember>> {
  if (query.q) return searchMembers(q, entId, channelId, query, query.q);
  return fetchPage<ChannelMember>(q, {
    columns: MEMBER_COLUMNS,
    from: MEMBER_FROM,
    // u.ent_id lets the account and nickname sorts walk users' (ent_id, lower(...)) indexes.
    where: memberFilters(new Where(), channelId, query).add('u.ent_id = ?', entId),
    sortColumns: MEMBER_SORTS,
    tieBreak: 'm.user_id',
    page: query,
    // Every member is a user: the join would only cost a probe per member (ADR 019).
    count: { from: 'channel_members m', where: memberFilters(new Where(), channelId, query) },
  });
}

/**
 * A search (ADR 021). The count walks the matching users (trigram indexes) and looks each one up in
 * the channel, stopping at SEARCH_TOTAL_CAP + 1: a frequent name ("priya", 5,000 of 100,000 in
 * the enterprise channel) costs 1,001 look-ups instead of 5,000. `offset 0` keeps each look-up a
 * parameterised index probe that the planner cannot turn into a join over the whole channel.
 */
function searchMembers(q: Queryable, entId: number, channelId: number, query: ChannelMemberListQuery, term: string): Promise<Page<ChannelMember>> {
  const like = Where.contains(term);
  const search: Search = {
    like,
    probe: (alias) => memberFilters(new Where(), channelId, query).add(`m.user_id = ${alias}.id`),
    matching: (alias, before) =>
      new Where(before.params).add(`${alias}.ent_id = ?`, entId).add(`(${alias}.account ilike ? or ${alias}.nickname ilike ?)`, like, like),
  };
  const nameColumn = NAME_SORTS[query.sort];
  return nameColumn ? byName(q, query, nameColumn, search) : byMemberColumn(q, entId, channelId, query, search);
}

interface Search {
  like: string;
  /** The membership test of one matching user (`alias.id`), with the list's filters. */
  probe: (alias: string) => Where;
  /** The users who match the term, numbered after `before`'s parameters. */
  matching: (alias: string, before: Where) => Where;
}

/** `select count ...` of the members among the matching users `u`, up to the cap + 1. */
const countSql = (from: string, probe: Where, where = '') =>
  `select count(*)::int from (select 1 from ${from} cross join lateral (select 1 from channel_members m ${probe.sql()} offset 0) m
     ${where} limit ${SEARCH_TOTAL_CAP + 1}) c`;

/**
 * Sorted by account or nickname: the matching users once (the trigram indexes), sorted, looked up
 * in the channel in that order until the page is full; the count from the same rows. Walking the
 * name index and testing each user instead read 75,000 users before the first "Priya".
 */
async function byName(q: Queryable, query: ChannelMemberListQuery, column: string, search: Search): Promise<Page<ChannelMember>> {
  const dir = orderOf(query);
  const probe = search.probe('u');
  const match = search.matching('x', probe);
  const limitAt = match.params.length + 1;
  const r = await q.query<ChannelMember & { total: number }>(
    `with u as materialized (select x.id, x.account, x.nickname, lower(x.${column}) as sort_key from users x ${match.sql()})
     select ${MEMBER_COLUMNS}, (${countSql('u', probe)}) as total
       from (select * from u order by sort_key ${dir}, id ${dir} offset 0) u
       cross join lateral (select m.user_id, m.role, m.level, m.remark, m.enabled, m.created_at from channel_members m ${probe.sql()} offset 0) m
      order by u.sort_key ${dir}, u.id ${dir}
      limit $${limitAt} offset $${limitAt + 1}`,
    [...match.params, query.size, offsetOf(query)],
    { prepare: true },
  );
  const first = r.rows[0];
  // A page past the end has no row to carry the count.
  const total = first ? first.total : await countMatches(q, search);
  return pageOf(
    r.rows.map(({ total: _total, ...member }) => member),
    total,
    SEARCH_TOTAL_CAP,
  );
}

async function countMatches(q: Queryable, search: Search): Promise<number> {
  const probe = search.probe('x');
  const match = search.matching('x', probe);
  const r = await q.query<{ count: number }>(countSql('users x', probe, match.sql()), match.params, { prepare: true });
  return r.rows[0]?.count ?? 0;
}

/**
 * Sorted by a member column (role, level, join time, id): count first, then choose the plan.
 * Past the cap (one in 20 or more match), walk the channel in that order testing each member's
 * user: a page is found within a few hundred. Otherwise (a rarer term) the matching users' ids as
 * an array, looked up in the channel, then sorted: bounded by the number of matches.
 */
async function byMemberColumn(
  q: Queryable,
  entId: number,
  channelId: number,
  query: ChannelMemberListQuery,
  search: Search,
): Promise<Page<ChannelMember>> {
  const total = await countMatches(q, search);
  if (total === 0) return { items: [], total: 0 };
  const { like } = search;
  const items = await selectPage<ChannelMember>(q, {
    columns: MEMBER_COLUMNS,
    from: MEMBER_FROM,
    where:
      total > SEARCH_TOTAL_CAP
        ? memberFilters(new Where(), channelId, query).add('u.ent_id = ?', entId).add('(u.account ilike ? or u.nickname ilike ?)', like, like)
        : memberFilters(new Where(), channelId, query).add(
            'm.user_id = any(array(select x.id from users x where x.ent_id = ? and (x.account ilike ? or x.nickname ilike ?)))',
            entId,
            like,
            like,
          ),
    sortColumns: MEMBER_SORTS,
    tieBreak: 'm.user_id',
    page: query,
    prepare: true,
  });
  return pageOf(items, total, SEARCH_TOTAL_CAP);
}
