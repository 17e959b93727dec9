import { pageSchema, userSummarySchema } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { MemoryPresenceStore } from '../src/ws/presence';
import { api, createTestApp, loginAs, type TestApp } from './test-app';

// The users list's online filter: presence lives in the presence store, not in the database, so
// the route hands the online ids to the query. Export takes the same filter.
describe('users list online filter', () => {
  let t: TestApp;
  let token: string;
  const presence = new MemoryPresenceStore();

  beforeAll(async () => {
    t = await createTestApp('pglite', { presenceStore: presence });
    token = (await loginAs(t.app, 'admin')).auth_token;
    const member = await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member1']);
    await presence.add({ entId: DEMO_ENT_ID, userId: member.rows[0]!.id, account: 'member1', nickname: 'm' }, 'conn-1');
  });
  afterAll(async () => {
    await t?.close();
  });

  const accounts = async (query: string) => {
    const r = await api(t.app, 'GET', `/api/users?size=100&${query}`, token);
    expect(r.status).toBe(200);
    return pageSchema(userSummarySchema).parse(r.body.data).items.map((u) => u.account);
  };

  it('lists only the online users, or only the offline ones', async () => {
    expect(await accounts('online=true')).toEqual(['member1']);
    const offline = await accounts('online=false');
    expect(offline).not.toContain('member1');
    expect(offline.length).toBeGreaterThan(3);
    expect((await accounts('online=')).length).toBe(offline.length + 1);
  });

  it('counts each user\'s devices and channels', async () => {
    const r = await api(t.app, 'GET', '/api/users?q=member1', token);
    const [member] = pageSchema(userSummarySchema).parse(r.body.data).items;
    expect(member).toMatchObject({ account: 'member1', deviceCount: 1 });
    expect(member?.channelCount).toBeGreaterThanOrEqual(2);
  });

  it('exports with the online filter', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/users/export?online=true', headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
  });
});
