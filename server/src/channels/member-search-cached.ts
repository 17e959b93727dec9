import { SEARCH_TOTAL_CAP, type ChannelMember, type ChannelMemberListQuery, type Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { offsetOf, orderOf, pageOf } from '../db/paging';
import { MAX_LIST_IDS, MatchCache, type MatchList } from './match-cache';

// The dense member search (member-search.ts, ADR 021 addendum) served from a node's kept list of
// matching users (match-cache.ts, ADR 021 second addendum). Each function answers null whenever the
// plain plans must answer instead: a channel that is not dense, a term matching too many users to
// keep, an empty page. The answer is the plain plans' answer, row for row (member-search.test.ts).

/** What the cached plans need of the search (member-search.ts builds it). */
export interface KeptSearch {
  cache: MatchCache;
  entId: number;
  channelId: number;
  /** Where.contains of the term: the `like` pattern, lower-cased by the statement. */
  like: string;
  /** The member list's select columns (`m`: the membership, `u`: the user). */
  columns: string;
  /** The channel's non-members past which it is not dense. */
  denseGapMax: number;
}

/** Matches kept per name column; a search sorted by a member column only needs their number. */
type NameColumn = 'account' | 'nickname';

/** The kept list of `column`, read now when there is none (null: too many matches to keep). */
async function listOf(q: Queryable, s: KeptSearch, column: NameColumn): Promise<MatchList | null> {
  const key = MatchCache.key(s.entId, column, s.like);
  const kept = s.cache.get(key);
  if (kept) return kept;
  // One statement: the version and the ids come from the same snapshot.
  const r = await q.query<{ version: string; ids: string }>(
    `select e.search_version::text as version,
            array_to_string(array(select x.id from users x where x.ent_id = $1 and x.search like lower($2)
                                   order by lower(x.${column}), x.id limit ${MAX_LIST_IDS + 1}), ',') as ids
       from enterprises e where e.id = $1`,
    [s.entId, s.like],
    { prepare: true },
  );
  const row = r.rows[0];
  if (!row) return null;
  const ids = row.ids === '' ? new Int32Array(0) : Int32Array.from(row.ids.split(','), Number);
  if (ids.length > MAX_LIST_IDS) return null;
  const list = { version: row.version, ids };
  s.cache.set(key, list);
  return list;
}

/** Any kept list of the term (their lengths are the same): for its number of matches. */
function anyKept(s: KeptSearch): MatchList | undefined {
  return s.cache.get(MatchCache.key(s.entId, 'nickname', s.like)) ?? s.cache.get(MatchCache.key(s.entId, 'account', s.like));
}

/** The first `n` ids of the list in the page's direction: (name, id) descending is its reverse. */
function firstIds(list: MatchList, n: number, dir: 'asc' | 'desc'): Int32Array {
  if (dir === 'asc') return list.ids.subarray(0, n);
  const out = new Int32Array(Math.min(n, list.ids.length));
  for (let i = 0; i < out.length; i++) out[i] = list.ids[list.ids.length - 1 - i]!;
  return out;
}

type PageRow = ChannelMember & { version: string; gap: number };

/**
 * Sorted by account or nickname: the first offset + size + gap kept matches in that order hold the
 * whole page (at most `gap` of them are not members), so the page probes only those. The statement
 * also reads the version and the gap; a stale list is read again, a larger gap than assumed is
 * asked again with a longer slice (each at most once).
 */
export async function keptByName(
  q: Queryable,
  s: KeptSearch,
  query: ChannelMemberListQuery,
  column: NameColumn,
  countMembers: () => Promise<number>,
): Promise<Page<ChannelMember> | null> {
  const dir = orderOf(query);
  const offset = offsetOf(query);
  let list = await listOf(q, s, column);
  let assumedGap = s.cache.gapOf(s.channelId);
  for (let attempt = 0; list && attempt < 3; attempt++) {
    const slice = firstIds(list, offset + query.size + assumedGap, dir);
    const r = await q.query<PageRow>(
      `with g as (select e.search_version::text as version, e.user_count - c.member_count as gap
                    from channels c join enterprises e on e.id = c.ent_id where c.id = $1 and e.id = $2)
       select g.version, g.gap, p.* from g left join lateral (
         select ${s.columns}
           from unnest($3::int[]) with ordinality t(id, ord)
           cross join lateral (select m.user_id, m.role, m.level, m.remark, m.enabled, m.created_at
                                 from channel_members m where m.channel_id = $1 and m.user_id = t.id offset 0) m
           join users u on u.id = t.id
          order by t.ord limit $4 offset $5) p on true`,
      [s.channelId, s.entId, `{${slice.join(',')}}`, query.size, offset],
      { prepare: true },
    );
    const first = r.rows[0];
    if (!first || first.gap < 0 || first.gap > s.denseGapMax) return null;
    if (first.version !== list.version) {
      s.cache.drop(MatchCache.key(s.entId, column, s.like));
      list = await listOf(q, s, column);
      continue;
    }
    if (first.gap > assumedGap) {
      assumedGap = first.gap;
      s.cache.setGap(s.channelId, first.gap);
      continue;
    }
    s.cache.setGap(s.channelId, first.gap);
    const items = r.rows.filter((row) => row.userId !== null).map(({ version: _v, gap: _g, ...member }) => member);
    if (items.length === 0) return null;
    const total = list.ids.length - first.gap > SEARCH_TOTAL_CAP ? SEARCH_TOTAL_CAP + 1 : await countMembers();
    return pageOf(items, total, SEARCH_TOTAL_CAP);
  }
  return null;
}

/**
 * A kept list of the term (read now when there is none): sorted by a member column, its length
 * stands in for the count that gates the walk (member-search.ts denseSearch); the caller's
 * statement checks its version. Null: too many matches to keep.
 */
export async function keptMatches(q: Queryable, s: KeptSearch): Promise<MatchList | null> {
  return anyKept(s) ?? listOf(q, s, 'nickname');
}

/** Forgets the term's lists: a statement found them older than the database. */
export function dropKept(s: KeptSearch): void {
  for (const column of ['nickname', 'account'] as const) s.cache.drop(MatchCache.key(s.entId, column, s.like));
}
