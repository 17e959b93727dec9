import { SEARCH_TOTAL_CAP, type ChannelMember, type ChannelMemberListQuery, type Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, offsetOf, orderOf, pageOf, selectPage, Where } from '../db/paging';
import { iso } from '../db/sql';
import type { MatchCache } from './match-cache';
import { dropKept, keptByName, keptMatches, type KeptSearch } from './member-search-cached';

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

const unfiltered = (query: ChannelMemberListQuery): boolean => query.role === undefined && query.enabled === undefined;

/** `cache`: the node's kept search matches (ChannelService's); without it every search reads them. */
export async function listMembers(
  q: Queryable,
  entId: number,
  channelId: number,
  query: ChannelMemberListQuery,
  cache?: MatchCache,
): Promise<Page<ChannelMember>> {
  if (query.q) return searchMembers(q, entId, channelId, query, query.q, cache);
  const page = {
    columns: MEMBER_COLUMNS,
    from: MEMBER_FROM,
    // u.ent_id lets the account and nickname sorts walk users' (ent_id, lower(...)) indexes.
    where: memberFilters(new Where(), channelId, query).add('u.ent_id = ?', entId),
    sortColumns: MEMBER_SORTS,
    tieBreak: 'm.user_id',
    page: query,
  };
  if (unfiltered(query)) {
    // The whole channel: its member_count (kept by triggers, migration 013) is the exact total;
    // counting the enterprise channel read 100,000 index entries on every page.
    const [items, count] = await Promise.all([
      selectPage<ChannelMember>(q, page),
      q.query<{ total: number }>('select member_count as total from channels where id = $1', [channelId]),
    ]);
    return { items, total: count.rows[0]?.total ?? 0 };
  }
  // Every member is a user: the join would only cost a probe per member (ADR 019).
  return fetchPage<ChannelMember>(q, { ...page, count: { from: 'channel_members m', where: memberFilters(new Where(), channelId, query) } });
}

/**
 * A search (ADR 021). The count walks the matching users (trigram indexes) and looks each one up in
 * the channel, stopping at SEARCH_TOTAL_CAP + 1: a frequent name ("priya", 5,000 of 100,000 in
 * the enterprise channel) costs 1,001 look-ups instead of 5,000. `offset 0` keeps each look-up a
 * parameterised index probe that the planner cannot turn into a join over the whole channel.
 */
async function searchMembers(
  q: Queryable,
  entId: number,
  channelId: number,
  query: ChannelMemberListQuery,
  term: string,
  cache: MatchCache | undefined,
): Promise<Page<ChannelMember>> {
  // The separator between account and nickname in users.search (migration 014) is no search text.
  const like = Where.contains(term.replaceAll(String.fromCharCode(1), ''));
  const search: Search = {
    like,
    probe: (alias) => memberFilters(new Where(), channelId, query).add(`m.user_id = ${alias}.id`),
    matching: (alias, before) =>
      new Where(before.params).add(`${alias}.ent_id = ?`, entId).add(matches(alias), like),
  };
  const nameColumn = NAME_SORTS[query.sort];
  if (unfiltered(query) && cache) {
    const kept: KeptSearch = { cache, entId, channelId, like, columns: MEMBER_COLUMNS, denseGapMax: DENSE_GAP_MAX };
    const page =
      nameColumn === 'account' || nameColumn === 'nickname'
        ? await keptByName(q, kept, query, nameColumn, () => countMatches(q, search))
        : await keptByMemberColumn(q, kept, query, search);
    if (page) return page;
  }
  if (unfiltered(query)) {
    const dense = await denseSearch(q, channelId, query, nameColumn, search);
    if (dense) return dense;
  }
  return nameColumn ? byName(q, query, nameColumn, search) : byMemberColumn(q, entId, channelId, query, search);
}

/**
 * `g`: how many users of the enterprise are not on the channel, user_count - member_count (both
 * kept by triggers, migrations 013 and 014), and how many matching users to read: `counted` for
 * the count, `paged` for the page. The enterprise channel has only a few non-members; past
 * DENSE_GAP_MAX the channel is not dense, both are 0 and the statement reads no user.
 */
const DENSE_GAP_MAX = 500;
const COUNT_TO = `${SEARCH_TOTAL_CAP + 1} + gap`;
const gapCte = (channelParam: string, paged = '0') =>
  `g as (select gap, case when dense then ${COUNT_TO} else 0 end as counted, case when dense then ${paged} else 0 end as paged
           from (select gap, gap between 0 and ${DENSE_GAP_MAX} as dense
                   from (select e.user_count - c.member_count as gap from channels c join enterprises e on e.id = c.ent_id where c.id = ${channelParam}) d) d)`;

/**
 * A search of a channel that holds nearly every user (ADR 021 addendum). At most `gap` of the
 * matching users are not members, so:
 * - counting the matching users up to cap + 1 + gap, with no membership test, tells whether more
 *   than the cap are members (the common case for a frequent name);
 * - the first offset + size + gap matching users in name order hold the whole page, and a short
 *   page is the last one.
 * One statement each, so both counts come from one snapshot. Returns the page, or null when the
 * bounds do not settle it (not dense; sorted by a member column, a rarer term; an empty page): the
 * caller then runs the general plans.
 */
async function denseSearch(
  q: Queryable,
  channelId: number,
  query: ChannelMemberListQuery,
  nameColumn: string | undefined,
  search: Search,
): Promise<Page<ChannelMember> | null> {
  if (!nameColumn) {
    // The count gates the walk (a one-time filter): the walk in the member column's order finds a
    // page within a few hundred members only when more than the cap match.
    const match = search.matching('u', new Where([channelId]));
    const at = match.params.length + 1;
    const sortExpr = MEMBER_SORTS[query.sort] ?? 'm.user_id';
    const dir = orderOf(query);
    const r = await q.query<ChannelMember & { matched: number }>(
      `with ${gapCte('$1')},
       c as (select count(*)::int as matched from (select 1 from users u ${match.sql()} limit (select counted from g)) c)
       select ${MEMBER_COLUMNS} from ${MEMBER_FROM} ${match.sql()} and m.channel_id = $1
          and (select c.matched - g.gap > ${SEARCH_TOTAL_CAP} from c, g)
        order by ${sortExpr} ${dir}, m.user_id ${dir}
        limit $${at} offset $${at + 1}`,
      [...match.params, query.size, offsetOf(query)],
      { prepare: true },
    );
    return r.rows.length > 0 ? pageOf(r.rows, SEARCH_TOTAL_CAP + 1, SEARCH_TOTAL_CAP) : null;
  }
  const dir = orderOf(query);
  const probe = search.probe('t');
  const match = search.matching('x', probe);
  const at = match.params.length + 1;
  const r = await q.query<ChannelMember & { matched: number; gap: number }>(
    `with ${gapCte('$1', `$${at} + gap`)},
     t as materialized (select x.id, lower(x.${nameColumn}) as sort_key from users x ${match.sql()})
     select ${MEMBER_COLUMNS}, (select count(*)::int from (select 1 from t limit (select counted from g)) c) as matched,
            (select gap from g) as gap
       from (select id, sort_key from t order by sort_key ${dir}, id ${dir} limit (select paged from g)) t
       cross join lateral (select m.user_id, m.role, m.level, m.remark, m.enabled, m.created_at from channel_members m ${probe.sql()} offset 0) m
       join users u on u.id = t.id
      order by t.sort_key ${dir}, t.id ${dir}
      limit $${at + 1} offset $${at + 2}`,
    [...match.params, offsetOf(query) + query.size, query.size, offsetOf(query)],
    { prepare: true },
  );
  const first = r.rows[0];
  if (!first) return null;
  const total = first.matched - first.gap > SEARCH_TOTAL_CAP ? SEARCH_TOTAL_CAP + 1 : await countMatches(q, search);
  return pageOf(
    r.rows.map(({ matched: _matched, gap: _gap, ...member }) => member),
    total,
    SEARCH_TOTAL_CAP,
  );
}

/**
 * denseSearch's walk in a member column's order, gated by the kept number of matches instead of a
 * count of them (ADR 021 second addendum): the statement reads the gap and the version too, and a
 * kept list older than the database is forgotten. Null when the plain plans must answer. (Testing
 * each walked member against the kept ids instead of its user's name cost as much: planning an
 * `= any` of 5,000 values takes what the walk saves, and a semi-join over them sorts all 5,000.)
 */
async function keptByMemberColumn(q: Queryable, kept: KeptSearch, query: ChannelMemberListQuery, search: Search): Promise<Page<ChannelMember> | null> {
  const list = await keptMatches(q, kept);
  if (!list) return null;
  const match = search.matching('u', new Where([kept.channelId]));
  const at = match.params.length + 1;
  const sortExpr = MEMBER_SORTS[query.sort] ?? 'm.user_id';
  const dir = orderOf(query);
  const r = await q.query<ChannelMember & { version: string; gap: number }>(
    `with g as (select e.search_version::text as version, e.user_count - c.member_count as gap
                  from channels c join enterprises e on e.id = c.ent_id where c.id = $1)
     select g.version, g.gap, p.* from g left join lateral (
       select ${MEMBER_COLUMNS} from ${MEMBER_FROM} ${match.sql()} and m.channel_id = $1
          and g.version = $${at} and g.gap between 0 and ${DENSE_GAP_MAX} and $${at + 1}::int - g.gap > ${SEARCH_TOTAL_CAP}
        order by ${sortExpr} ${dir}, m.user_id ${dir}
        limit $${at + 2} offset $${at + 3}) p on true`,
    [...match.params, list.version, list.ids.length, query.size, offsetOf(query)],
    { prepare: true },
  );
  const first = r.rows[0];
  if (!first) return null;
  if (first.version !== list.version) {
    dropKept(kept);
    return null;
  }
  const items = r.rows.filter((row) => row.userId !== null).map(({ version: _v, gap: _g, ...member }) => member);
  return items.length > 0 ? { items, total: SEARCH_TOTAL_CAP + 1, capped: true } : null;
}

/** Account or nickname contains the term (`?`: Where.contains of it), one string per user (migration 014). */
const matches = (alias: string) => `${alias}.search like lower(?)`;

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
        ? memberFilters(new Where(), channelId, query).add('u.ent_id = ?', entId).add(matches('u'), like)
        : memberFilters(new Where(), channelId, query).add(
            `m.user_id = any(array(select x.id from users x where x.ent_id = ? and ${matches('x')}))`,
            entId,
            like,
          ),
    sortColumns: MEMBER_SORTS,
    tieBreak: 'm.user_id',
    page: query,
    prepare: true,
  });
  return pageOf(items, total, SEARCH_TOTAL_CAP);
}
