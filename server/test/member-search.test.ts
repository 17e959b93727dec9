import { SEARCH_TOTAL_CAP, type ChannelMember, type ChannelMemberListQuery } from '@ptt/contracts';
import { listMembers } from '../src/channels/channel.repository';
import { MatchCache } from '../src/channels/match-cache';
import type { Queryable } from '../src/db/db';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// The member search picks its plan from the capped count (ADR 021); every plan must answer what
// the plain join answers. 1,200 "Frequent" users (past the cap) and 30 "Rare" ones, most on the
// enterprise channel, some not, with mixed roles and levels. The enterprise channel is dense (few
// users are not on it), so the frequent term takes the dense plans (counts without membership tests).
const FREQUENT = SEARCH_TOTAL_CAP + 200;

describe.each(DB_KINDS)('member search on %s', (kind) => {
  let t: TestDb;
  let channelId: number;
  beforeAll(async () => {
    t = await createTestDb(kind);
    const ent = await t.db.query<{ id: number }>('select id from channels where ent_id = $1 and is_enterprise', [DEMO_ENT_ID]);
    channelId = ent.rows[0]!.id;
    await t.db.exec(`
      insert into users (id, ent_id, account, nickname, password_hash, role)
      select 900000 + i, ${DEMO_ENT_ID}, 'fq' || lpad(i::text, 5, '0'),
             case when i <= ${FREQUENT} then 'Frequent ' || (array['Zed','Amy','Kai','Bo'])[1 + i % 4] || ' ' || i
                  else 'Rare ' || i end,
             'x', 0
        from generate_series(1, ${FREQUENT + 30}) i;
      insert into channel_members (channel_id, ent_id, user_id, role, level)
      select ${channelId}, ${DEMO_ENT_ID}, 900000 + i, (array[0, 1, 50])[1 + i % 3], i % 5
        from generate_series(1, ${FREQUENT + 30}) i where i % 7 <> 0;
      -- Non-members that sort first by nickname and account: a dense plan must look past them.
      insert into users (id, ent_id, account, nickname, password_hash, role)
      select 910000 + i, ${DEMO_ENT_ID}, 'aa-frequent' || i, 'Aaron Frequent ' || i, 'x', 0 from generate_series(1, 40) i;
      analyze users; analyze channel_members;`);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const SORTS: Record<string, string> = {
    userId: 'm.user_id',
    account: 'lower(u.account)',
    nickname: 'lower(u.nickname)',
    role: 'm.role',
    level: 'm.level',
  };

  /** The same page through the plain join, no plan choice. */
  async function reference(query: ChannelMemberListQuery): Promise<{ ids: number[]; total: number }> {
    const like = `%${query.q}%`;
    const dir = query.order === 'desc' ? 'desc' : 'asc';
    const role = query.role === undefined ? '' : `and m.role = ${query.role}`;
    const from = `from channel_members m join users u on u.id = m.user_id
      where m.channel_id = $1 and (u.account ilike $2 or u.nickname ilike $2) ${role}`;
    const rows = await t.db.query<{ id: number }>(
      `select m.user_id as id ${from} order by ${SORTS[query.sort]} ${dir}, m.user_id ${dir} limit ${query.size} offset ${(query.page - 1) * query.size}`,
      [channelId, like],
    );
    const count = await t.db.query<{ n: number }>(`select count(*)::int as n ${from}`, [channelId, like]);
    return { ids: rows.rows.map((r) => r.id), total: count.rows[0]!.n };
  }

  const query = (q: string, sort: string, extra: Partial<ChannelMemberListQuery> = {}): ChannelMemberListQuery =>
    ({ q, sort, order: 'asc', page: 1, size: 20, ...extra }) as ChannelMemberListQuery;

  const cases: [string, ChannelMemberListQuery][] = [];
  for (const sort of Object.keys(SORTS)) {
    for (const order of ['asc', 'desc'] as const) {
      cases.push([`frequent by ${sort} ${order}`, query('frequent', sort, { order })]);
      cases.push([`rare by ${sort} ${order}`, query('RARE', sort, { order })]);
    }
  }
  cases.push(['frequent by nickname, page 7', query('frequent', 'nickname', { page: 7 })]);
  cases.push(['frequent by role desc, page 4', query('frequent', 'role', { order: 'desc', page: 4 })]);
  cases.push(['frequent with a role filter by level', query('kai', 'level', { role: 50 })]);
  cases.push(['frequent by nickname, past the last page', query('frequent', 'nickname', { page: 60 })]);
  cases.push(['rare by account, past the last page', query('rare', 'account', { page: 3 })]);
  cases.push(['a name part by account desc', query('zed 1', 'account', { order: 'desc', page: 2 })]);

  it.each(cases)('%s: the same page as the plain join, total exact up to the cap', async (_name, q) => {
    const want = await reference(q);
    const got = await listMembers(t.db, DEMO_ENT_ID, channelId, q);
    expect(got.items.map((m: ChannelMember) => m.userId)).toEqual(want.ids);
    if (want.total > SEARCH_TOTAL_CAP) expect(got).toMatchObject({ total: SEARCH_TOTAL_CAP + 1, capped: true });
    else {
      expect(got.total).toBe(want.total);
      expect(got.capped).toBeUndefined();
    }
  });

  // The same pages from a node's kept matches (ADR 021 second addendum): one cache across every
  // case, so lists are read by one case and used by the next, in both directions.
  const kept = new MatchCache();
  it.each(cases)('%s, from kept matches: the same page as the plain join', async (_name, q) => {
    const want = await reference(q);
    for (let i = 0; i < 2; i++) {
      const got = await listMembers(t.db, DEMO_ENT_ID, channelId, q, kept);
      expect(got.items.map((m: ChannelMember) => m.userId)).toEqual(want.ids);
      if (want.total > SEARCH_TOTAL_CAP) expect(got).toMatchObject({ total: SEARCH_TOTAL_CAP + 1, capped: true });
      else expect(got.total).toBe(want.total);
    }
  });

  it('answers a repeated search from the kept matches: no statement reads the matching users again', async () => {
    const cache = new MatchCache();
    const seen: string[] = [];
    const counting: Queryable = {
      query: (sql, params, opts) => {
        seen.push(sql);
        return t.db.query(sql, params, opts);
      },
      exec: (sql) => t.db.exec(sql),
    };
    for (const q of [query('frequent', 'nickname'), query('frequent', 'account', { order: 'desc', page: 3 }), query('frequent', 'role', { order: 'desc' })]) {
      await listMembers(counting, DEMO_ENT_ID, channelId, q, cache);
      seen.length = 0;
      const again = await listMembers(counting, DEMO_ENT_ID, channelId, q, cache);
      expect(again.items.map((m: ChannelMember) => m.userId)).toEqual((await reference(q)).ids);
      expect(seen).toHaveLength(1);
      // Neither the kept list's read nor the plain plans' materialised matches or capped count.
      expect(seen[0]).not.toMatch(/array_to_string|materialized|count\(\*\)/);
    }
  });

  it('never answers from kept matches older than the users: added, renamed, removed, left the channel', async () => {
    const cache = new MatchCache();
    const first = query('frequent', 'nickname');
    const byRole = query('frequent', 'role', { order: 'desc' });
    const same = async (q: ChannelMemberListQuery) =>
      expect((await listMembers(t.db, DEMO_ENT_ID, channelId, q, cache)).items.map((m: ChannelMember) => m.userId)).toEqual((await reference(q)).ids);
    await same(first);
    await same(byRole);
    expect(cache.size).toBe(1);
    // A new member whose name sorts first, and one with the top role.
    await t.db.exec(`insert into users (id, ent_id, account, nickname, password_hash) values
        (930001, ${DEMO_ENT_ID}, 'new1', 'Aaa Frequent newcomer', 'x'), (930002, ${DEMO_ENT_ID}, 'new2', 'Zzz Frequent chief', 'x');
      insert into channel_members (channel_id, ent_id, user_id, role, level) values
        (${channelId}, ${DEMO_ENT_ID}, 930001, 0, 0), (${channelId}, ${DEMO_ENT_ID}, 930002, 50, 0)`);
    await same(first);
    await same(byRole);
    // Renamed: into the term (sorting first), out of it.
    await t.db.exec(`update users set nickname = 'Aa Frequent renamed' where id = 930002`);
    await same(first);
    await t.db.exec(`update users set nickname = 'Someone else' where id = 930001`);
    await same(first);
    await same(byRole);
    // Off the channel (the gap changes, the matches do not), then removed.
    await t.db.exec(`delete from channel_members where user_id = 930002`);
    await same(first);
    await same(byRole);
    await t.db.exec('delete from users where id in (930001, 930002)');
    await same(first);
    await same(byRole);
  });

  it('moves the search version on a new, renamed or removed user only', async () => {
    const version = async () => (await t.db.query<{ v: string }>('select search_version::text as v from enterprises where id = $1', [DEMO_ENT_ID])).rows[0]!.v;
    const v0 = await version();
    await t.db.exec('update users set locked = true, role = 1 where id = 900001');
    expect(await version()).toBe(v0);
    await t.db.exec("update users set nickname = nickname where id = 900001");
    expect(await version()).toBe(v0);
    await t.db.exec("update users set nickname = 'Frequent Zed renamed' where id = 900001");
    const v1 = await version();
    expect(v1).not.toBe(v0);
    await t.db.exec("update users set account = 'fq00001-renamed' where id = 900001");
    const v2 = await version();
    expect(v2).not.toBe(v1);
    await t.db.exec(`insert into users (id, ent_id, account, nickname, password_hash) values (930010, ${DEMO_ENT_ID}, 'v1', 'V', 'x')`);
    const v3 = await version();
    expect(v3).not.toBe(v2);
    await t.db.exec('delete from users where id = 930010');
    expect(await version()).not.toBe(v3);
    await t.db.exec("update users set locked = false, role = 0, nickname = 'Frequent Amy 1', account = 'fq00001' where id = 900001");
  });

  it('keeps the enterprise user count that the dense plans rely on, and no user changes enterprise', async () => {
    const counted = async () => {
      const r = await t.db.query<{ kept: number; real: number }>(
        'select e.user_count as kept, (select count(*)::int from users u where u.ent_id = e.id) as real from enterprises e where e.id = $1',
        [DEMO_ENT_ID],
      );
      return r.rows[0]!;
    };
    const before = await counted();
    expect(before.kept).toBe(before.real);
    await t.db.exec(`insert into users (id, ent_id, account, nickname, password_hash) select 920000 + i, ${DEMO_ENT_ID}, 'cnt' || i, 'Count ' || i, 'x' from generate_series(1, 5) i`);
    await t.db.exec('delete from users where id in (920001, 920002)');
    expect(await counted()).toEqual({ kept: before.real + 3, real: before.real + 3 });
    const other = await t.db.query<{ id: number }>("insert into enterprises (name, valid_until) values ('Other', now()) returning id");
    await expect(t.db.exec(`update users set ent_id = ${other.rows[0]!.id} where id = 920003`)).rejects.toThrow(/another enterprise/);
    await t.db.exec('delete from users where id between 920000 and 920010');
  });

  it('finds nobody for a term nobody has, and nobody of another channel', async () => {
    expect(await listMembers(t.db, DEMO_ENT_ID, channelId, query('no such person', 'nickname'))).toEqual({ items: [], total: 0 });
    const other = await t.db.query<{ id: number }>('select id from channels where ent_id = $1 and not is_enterprise limit 1', [DEMO_ENT_ID]);
    const page = await listMembers(t.db, DEMO_ENT_ID, other.rows[0]!.id, query('frequent', 'role'));
    expect(page).toEqual({ items: [], total: 0 });
  });
});
