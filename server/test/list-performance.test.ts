import type { ChannelMemberListQuery, UserListQuery } from '@ptt/contracts';
import { insertMembers, listChannels, listMembers } from '../src/channels/channel.repository';
import { loadMigrations, migrate } from '../src/db/migrate';
import { DeviceRepository } from '../src/devices/device.repository';
import { DEMO_ENT_ID, seedDemo } from '../src/seed/demo';
import { UserAdminRepository } from '../src/users/user-admin.repository';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// ADR 019 rewrote the list SQL for speed (narrow counts, search through id arrays, member counts
// kept by triggers, dispatcher look-ups as column subqueries). These check that the answers are
// what they were: each list against the same rows filtered in JavaScript.

const ENT = DEMO_ENT_ID;
const N = 240;
const NAMES = ['Priya', 'Bruno', 'Chen', 'Dara', 'Zoë'];

const contains = (text: string | null | undefined, q: string) => (text ?? '').toLowerCase().includes(q.toLowerCase());
const ids = (items: { id: number }[]) => items.map((i) => i.id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const page = { page: 1, size: 200, order: 'asc' as const };

interface Row {
  id: number;
  account: string;
  nickname: string;
  role: number;
}

describe.each(DB_KINDS)('list queries on %s', (kind) => {
  let t: TestDb;
  let users: Row[];
  let tags: Map<number, string[]>;
  let channelId: number;
  let entChannelId: number;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const dispatcher = (await t.db.query<{ id: number }>(`select id from users where ent_id = $1 and role = 1 order by id limit 1`, [ENT])).rows[0]!.id;
    await t.db.exec(`
      insert into users (ent_id, account, nickname, password_hash, role, locked, dispatcher_id)
      select ${ENT}, 'perf' || lpad(i::text, 4, '0'),
        (array['${NAMES.join("','")}'])[1 + i % ${NAMES.length}] || ' ' || (case when i % 2 = 0 then 'Okafor' else 'Tanaka_' end) || ' ' || i,
        'x', case when i % 40 = 0 then 1 else 0 end, i % 9 = 0, case when i % 3 = 0 then ${dispatcher} end
      from generate_series(1, ${N}) i;
      insert into user_tags (user_id, ent_id, tag)
      select id, ent_id, 'vip' from users where account like 'perf%' and substr(account, 5)::int % 7 = 0
      union all select id, ent_id, 'vipx' from users where account like 'perf%' and substr(account, 5)::int % 11 = 0;
      insert into channels (ent_id, name) values (${ENT}, 'Perf');
      insert into devices (ent_id, name, imei, mac, platform, user_id)
      select ${ENT}, 'Radio ' || substr(u.account, 5), '8600000000' || substr(u.account, 5), '0a:60:00:00:' || substr(u.account, 7, 2) || ':' || substr(u.account, 5, 2),
        'android', case when substr(u.account, 5)::int % 10 <> 0 then u.id end
      from users u where u.account like 'perf%' and substr(u.account, 5)::int % 5 = 0;
    `);
    channelId = (await t.db.query<{ id: number }>(`select id from channels where ent_id = $1 and name = 'Perf'`, [ENT])).rows[0]!.id;
    entChannelId = (await t.db.query<{ id: number }>(`select id from channels where ent_id = $1 and is_enterprise`, [ENT])).rows[0]!.id;
    users = (await t.db.query<Row>(`select id, account, nickname, role from users where ent_id = $1 order by id`, [ENT])).rows;
    const perf = users.filter((u) => u.account.startsWith('perf'));
    await insertMembers(t.db, ENT, channelId, perf.filter((_, i) => i % 3 === 0).map((u) => ({ userId: u.id })));
    await insertMembers(t.db, ENT, entChannelId, perf.map((u) => ({ userId: u.id })));
    tags = new Map();
    for (const r of (await t.db.query<{ userId: number; tag: string }>(`select user_id as "userId", tag from user_tags where ent_id = $1`, [ENT])).rows) {
      tags.set(r.userId, [...(tags.get(r.userId) ?? []), r.tag]);
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const listUsers = (q: Partial<UserListQuery>) => new UserAdminRepository(t.db).list(ENT, { ...page, sort: 'id', ...q });
  const members = async (cid: number) =>
    new Set((await t.db.query<{ userId: number }>('select user_id as "userId" from channel_members where channel_id = $1', [cid])).rows.map((r) => r.userId));

  it.each(['priya', 'PERF01', 'tanaka_', 'a o', '%', '_', 'zoë', 'nobody'])('user search %p: account or nickname contains, any case, in every sort', async (q) => {
    const want = users.filter((u) => contains(u.account, q) || contains(u.nickname, q)).map((u) => u.id);
    const r = await listUsers({ q });
    expect(sorted(ids(r.items))).toEqual(sorted(want).slice(0, 200));
    expect(r.total).toBe(want.length);
    if (want.length > 200) return;
    for (const sort of ['nickname', 'account', 'role', 'createdAt'] as const) {
      const bySort = await listUsers({ q, sort, order: 'desc' });
      expect(sorted(ids(bySort.items))).toEqual(sorted(want));
      expect(bySort.total).toBe(want.length);
    }
  });

  it('tag filter is exact (vip is not vipx), alone and with other filters; totals right', async () => {
    const vip = users.filter((u) => tags.get(u.id)?.includes('vip')).map((u) => u.id);
    expect(vip.length).toBeGreaterThan(10);
    const alone = await listUsers({ tag: 'vip' });
    expect(ids(alone.items)).toEqual(vip);
    expect(alone.total).toBe(vip.length);
    const withRole = await listUsers({ tag: 'vip', role: 0, sort: 'nickname' });
    const want = users.filter((u) => vip.includes(u.id) && u.role === 0);
    expect(sorted(ids(withRole.items))).toEqual(sorted(want.map((u) => u.id)));
    expect(withRole.total).toBe(want.length);
    expect((await listUsers({ tag: 'vi' })).total).toBe(0);
  });

  it('channel filter, alone (counted on channel_members) and with a role; totals right', async () => {
    const inChannel = await members(channelId);
    const alone = await listUsers({ channelId });
    expect(ids(alone.items)).toEqual(users.filter((u) => inChannel.has(u.id)).map((u) => u.id));
    expect(alone.total).toBe(inChannel.size);
    const staff = await listUsers({ channelId, role: 1 });
    expect(staff.total).toBe(users.filter((u) => inChannel.has(u.id) && u.role === 1).length);
    expect((await listUsers({ channelId: 999_999 })).total).toBe(0);
  });

  it("the dispatcher's nickname still comes with each user", async () => {
    const [u] = (await listUsers({ q: 'perf0003' })).items;
    expect(u?.dispatcherId).not.toBeNull();
    expect(u?.dispatcherNickname).toBe(users.find((x) => x.id === u?.dispatcherId)?.nickname);
    expect((await listUsers({ q: 'perf0004' })).items[0]).toMatchObject({ dispatcherId: null, dispatcherNickname: null });
  });

  const listM = (cid: number, q: Partial<ChannelMemberListQuery>) =>
    listMembers(t.db, ENT, cid, { ...page, sort: 'userId', ...q });

  it.each(['priya', '0424', 'TANAKA', 'nobody'])('channel member search %p in both channels; totals right', async (q) => {
    for (const cid of [channelId, entChannelId]) {
      const inChannel = await members(cid);
      const want = users.filter((u) => inChannel.has(u.id) && (contains(u.account, q) || contains(u.nickname, q))).map((u) => u.id);
      const r = await listM(cid, { q });
      expect(r.items.map((m) => m.userId)).toEqual(want.slice(0, 200));
      expect(r.total).toBe(want.length);
    }
  });

  it('channel members sorted by account and nickname, both directions; the count is every member', async () => {
    const inChannel = await members(channelId);
    const rows = users.filter((u) => inChannel.has(u.id));
    for (const [sort, key] of [['account', 'account'], ['nickname', 'nickname']] as const) {
      const asc = await listM(channelId, { sort });
      // Code-unit order: the databases' C collation orders lower(...) by bytes.
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const want = [...rows].sort((a, b) => cmp(a[key].toLowerCase(), b[key].toLowerCase()) || a.id - b.id);
      expect(asc.items.map((m) => m[key].toLowerCase())).toEqual(want.map((u) => u[key].toLowerCase()));
      expect(asc.total).toBe(rows.length);
      const desc = await listM(channelId, { sort, order: 'desc', size: 5 });
      expect(desc.items.map((m) => m.userId)).toEqual(asc.items.slice(-5).reverse().map((m) => m.userId));
    }
  });

  it.each(['radio 002', '86000000000', '0a:60:00:00:2', 'perf012', 'PERF', 'nobody'])('device search %p: name, IMEI, MAC or the bound account', async (q) => {
    const all = (await t.db.query<{ id: number; name: string; imei: string | null; mac: string | null; account: string | null }>(
      `select d.id, d.name, d.imei, d.mac, u.account from devices d left join users u on u.id = d.user_id where d.ent_id = $1 order by d.id`,
      [ENT],
    )).rows;
    const want = all.filter((d) => contains(d.name, q) || contains(d.imei, q) || contains(d.mac, q) || contains(d.account, q)).map((d) => d.id);
    const r = await new DeviceRepository(t.db).list(ENT, { ...page, sort: 'id', q });
    expect(ids(r.items)).toEqual(want);
    expect(r.total).toBe(want.length);
  });

  it('devices keep their dispatcher and bound user; each indexed sort answers every device once', async () => {
    const repo = new DeviceRepository(t.db);
    const total = (await t.db.query<{ n: number }>('select count(*)::int as n from devices where ent_id = $1', [ENT])).rows[0]!.n;
    for (const sort of ['name', 'imei', 'platform', 'status', 'active', 'activatedAt', 'account', 'createdAt'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const r = await repo.list(ENT, { ...page, sort, order });
        expect(r.total).toBe(total);
        expect(new Set(ids(r.items)).size).toBe(Math.min(total, 200));
      }
    }
    const bound = (await repo.list(ENT, { ...page, sort: 'id', q: 'perf0005' })).items[0]!;
    expect(bound.user).toMatchObject({ account: 'perf0005' });
  });

  it('devices sorted by the bound account: the order of lower(account), unbound last, also after binds, unbinds and deleted users', async () => {
    const repo = new DeviceRepository(t.db);
    const check = async () => {
      const truth = (await t.db.query<{ id: number; account: string | null }>(
        `select d.id, lower(u.account) as account from devices d left join users u on u.id = d.user_id where d.ent_id = $1`,
        [ENT],
      )).rows;
      const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
      const want = [...truth].sort((a, b) => cmp(a.account, b.account) || a.id - b.id).map((d) => d.id);
      expect(ids((await repo.list(ENT, { ...page, sort: 'account' })).items)).toEqual(want.slice(0, 200));
      expect(ids((await repo.list(ENT, { ...page, sort: 'account', order: 'desc', size: 10 })).items)).toEqual([...want].reverse().slice(0, 10));
    };
    await check();
    const [a, b] = (await t.db.query<{ id: number }>(`select id from devices where ent_id = $1 and user_id is not null order by id limit 2`, [ENT])).rows;
    const spare = users.find((u) => u.account === 'perf0233')!; // no device, not one of the next test's users
    await t.db.query('update devices set user_id = null where id = $1', [a!.id]);
    await t.db.query('update devices set user_id = $2 where id = $1', [b!.id, spare.id]);
    await check();
    await t.db.query('delete from users where id = $1', [spare.id]);
    await check();
  });

  it('member counts follow adds, removals, deleted users and deleted channels (triggers)', async () => {
    const truth = async () =>
      (await t.db.query<{ id: number; n: number; kept: number }>(
        `select c.id, (select count(*)::int from channel_members m where m.channel_id = c.id) as n, c.member_count as kept from channels c order by c.id`,
      )).rows;
    const check = async () => {
      for (const r of await truth()) expect([r.id, r.kept]).toEqual([r.id, r.n]);
    };
    await check();
    const listed = await listChannels(t.db, ENT, { ...page, sort: 'memberCount', order: 'desc' } as never, null);
    expect(listed.items[0]).toMatchObject({ id: entChannelId, memberCount: (await members(entChannelId)).size });

    const extra = users.filter((u) => u.account.startsWith('perf')).slice(0, 12).map((u) => u.id);
    await t.db.query(`delete from channel_members where channel_id = $1`, [channelId]);
    await check();
    await insertMembers(t.db, ENT, channelId, extra.map((userId) => ({ userId })));
    await t.db.query(`update channel_members set role = 1, level = 2 where channel_id = $1`, [channelId]);
    await check();
    await t.db.query(`delete from users where id = any($1::int[])`, [`{${extra.slice(0, 4).join(',')}}`]);
    await check();
    expect((await truth()).find((r) => r.id === channelId)?.kept).toBe(8);
    await t.db.query(`delete from channels where id = $1`, [channelId]);
    await check();
  });
});

describe.each(DB_KINDS)('migration 013 on %s', (kind) => {
  it('counts the members that were there before it', async () => {
    const t = await createTestDb(kind, { migrate: false, seed: false });
    try {
      const all = loadMigrations();
      await migrate(t.db, all.filter((m) => m.version < '013'));
      // As the schema was then: no fences of migration 019's shape, no time zones.
      await seedDemo(t.db, { fences: false, timeZones: false, patrol: false });
      await migrate(t.db);
      const r = await t.db.query<{ n: number; kept: number }>(
        `select (select count(*)::int from channel_members m where m.channel_id = c.id) as n, c.member_count as kept from channels c`,
      );
      expect(r.rows.length).toBeGreaterThan(0);
      for (const row of r.rows) expect(row.kept).toBe(row.n);
      expect(r.rows.some((row) => row.n > 0)).toBe(true);
    } finally {
      await t.cleanup();
    }
  });
});
