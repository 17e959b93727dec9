import { Role, createFenceSchema, distanceMeters, type FenceShape } from '@ptt/contracts';
import { hashPassword, verifyPassword } from '../src/auth/password';
import { loadMigrations, migrate } from '../src/db/migrate';
import { DEMO_AREA_CENTER, DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID, seedDemo } from '../src/seed/demo';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

const count = async (t: TestDb, table: string): Promise<number> =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe.each(DB_KINDS)('migrations and seed on %s', (kind) => {
  it('applies every migration once; a second run changes nothing', async () => {
    const t = await createTestDb(kind, { migrate: false, seed: false });
    try {
      const all = loadMigrations().map((m) => m.name);
      expect(all.slice(0, 2)).toEqual(['001_initial', '002_management']);
      expect(await migrate(t.db)).toEqual(all);
      expect(await migrate(t.db)).toEqual([]);
      expect(await count(t, 'schema_migrations')).toBe(all.length);
      for (const table of ['enterprises', 'users', 'channels', 'channel_members', 'devices', 'sessions', 'login_records', 'operation_logs']) {
        expect(await count(t, table)).toBe(0);
      }
    } finally {
      await t.cleanup();
    }
  });

  it('seeds the demo organisations once; seeding again changes nothing', async () => {
    const t = await createTestDb(kind); // already seeded once
    try {
      const tables = ['enterprises', 'users', 'channels', 'channel_members', 'devices'];
      const before = await Promise.all(tables.map((x) => count(t, x)));
      expect(await seedDemo(t.db)).toMatchObject({ seeded: false });
      expect(await Promise.all(tables.map((x) => count(t, x)))).toEqual(before);
      expect(before).toEqual([2, 12, 4, 3 * 2 /* dispatchers */ + 6 + 3 + 3 + 2 /* second organisation */, 7]);

      const ents = await t.db.query<{ id: number; name: string; years: number }>(
        `select id, name, extract(year from age(valid_until, now()))::int as years from enterprises order by id`,
      );
      expect(ents.rows.map((e) => [e.id, e.name])).toEqual([[DEMO_ENT_ID, 'Demo Organisation'], [SECOND_ENT_ID, 'Second Organisation']]);
      expect(ents.rows[0]!.years).toBeGreaterThanOrEqual(9);

      const users = await t.db.query<{ account: string; role: number; password_hash: string }>(
        'select account, role, password_hash from users where ent_id = $1 order by id',
        [DEMO_ENT_ID],
      );
      expect(users.rows.map((u) => [u.account, u.role])).toEqual([
        ['superadmin', Role.SuperAdmin], ['admin', Role.Admin], ['dispatcher1', Role.Dispatcher], ['dispatcher2', Role.Dispatcher],
        ...[1, 2, 3, 4, 5, 6].map((n) => [`member${n}`, Role.User]),
      ]);
      expect(await verifyPassword(DEMO_PASSWORD, users.rows[0]!.password_hash)).toBe(true);

      // Dispatchers are members of every channel of their organisation.
      const missing = await t.db.query(
        `select c.name, u.account from channels c join users u on u.ent_id = c.ent_id and u.role = 1
          where not exists (select 1 from channel_members m where m.channel_id = c.id and m.user_id = u.id)`,
      );
      expect(missing.rows).toEqual([]);

      // A new enterprise does not collide with the seeded ids.
      const next = await t.db.query<{ id: number }>(
        `insert into enterprises (name, valid_until) values ('Third', now()) returning id`,
      );
      expect(next.rows[0]!.id).toBeGreaterThan(SECOND_ENT_ID);
    } finally {
      await t.cleanup();
    }
  });

  it("seeds the organisations' time zones, and the demo fences (a yard to stay out of, an area to stay in) only when asked", async () => {
    const t = await createTestDb(kind, { demoFences: true });
    const plain = await createTestDb(kind);
    try {
      const zones = await t.db.query<{ id: number; tz: string }>('select id, time_zone as tz from enterprises order by id');
      expect(zones.rows).toEqual([{ id: DEMO_ENT_ID, tz: 'Asia/Shanghai' }, { id: SECOND_ENT_ID, tz: 'UTC' }]);
      const fences = await t.db.query<{ name: string; rule: string; shape: FenceShape; enabled: boolean; channel: string; entId: number }>(
        `select f.name, f.rule, f.shape, f.enabled, c.name as channel, f.ent_id as "entId"
           from fences f join fence_channels l on l.fence_id = f.id and l.enabled join channels c on c.id = l.channel_id order by f.id`,
      );
      expect(fences.rows.map((f) => [f.entId, f.name, f.rule, f.shape.type, f.enabled, f.channel])).toEqual([
        [DEMO_ENT_ID, 'Restricted yard', 'stay', 'polygon', true, 'General'],
        [DEMO_ENT_ID, 'Operations area', 'leave', 'circle', true, 'Security'],
      ]);
      for (const f of fences.rows) expect(createFenceSchema.safeParse({ name: f.name, rule: f.rule, shape: f.shape }).error).toBeUndefined();
      const [yard, area] = fences.rows.map((f) => f.shape);
      if (yard?.type !== 'polygon' || area?.type !== 'circle') throw new Error('unexpected shapes');
      // About 400 m across, off the centre but well inside the 3,000 m the simulator's members wander.
      const across = Math.max(...yard.points.flatMap((a) => yard.points.map((b) => distanceMeters(a, b))));
      expect(across).toBeGreaterThan(350);
      expect(across).toBeLessThan(600);
      for (const p of yard.points) expect(distanceMeters(p, DEMO_AREA_CENTER)).toBeLessThan(1_500);
      expect(area).toEqual({ type: 'circle', center: DEMO_AREA_CENTER, radius: 2_600 });
      expect((await plain.db.query('select 1 from fences')).rows).toEqual([]);
    } finally {
      await t.cleanup();
      await plain.cleanup();
    }
  });
});

describe('password hashing', () => {
  it('verifies the right password, refuses a wrong one and a malformed hash', async () => {
    const hash = await hashPassword('s3cret');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('s3cret', hash)).toBe(true);
    expect(await verifyPassword('s3cret!', hash)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain-text')).toBe(false);
    expect(await hashPassword('s3cret')).not.toBe(hash); // salted
  });
});
