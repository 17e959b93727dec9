import {
  OperationType,
  ServerCode,
  loginRecordSchema,
  operationRecordSchema,
  pageSchema,
  sosRecordSchema,
  type Page,
  type Session,
} from '@ptt/contracts';
import { SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// The user menu's record dialogs: every user reads their own login, operation and SOS records,
// members included, and never anyone else's (same enterprise or another).

const operations = pageSchema(operationRecordSchema);
const soses = pageSchema(sosRecordSchema);
const logins = pageSchema(loginRecordSchema);

describe.each(DB_KINDS)('own records on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'member1' | 'member2' | 'dispatcher1' | 'guard1', Session>;

  const get = async <T>(session: Session | null, url: string) => api<T>(t.app, 'GET', url, session?.auth_token ?? null);

  beforeAll(async () => {
    t = await createTestApp(kind);
    s.member1 = await loginAs(t.app, 'member1');
    s.member2 = await loginAs(t.app, 'member2');
    s.dispatcher1 = await loginAs(t.app, 'dispatcher1');
    s.guard1 = await loginAs(t.app, 'guard1', SECOND_ENT_ID);
    // Each of them leaves an operation record and an SOS behind.
    for (const [who, nickname] of [['member1', 'Alpha'], ['member2', 'Bravo'], ['dispatcher1', 'Charlie'], ['guard1', 'Delta']] as const) {
      expect((await api(t.app, 'PATCH', '/api/me', s[who].auth_token, { nickname })).body.code).toBe(0);
    }
    for (const who of ['member1', 'member2', 'guard1'] as const) {
      expect((await api(t.app, 'POST', '/api/sos', s[who].auth_token, { lng: 116.4, lat: 39.9 })).body.code).toBe(0);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists only the caller\'s operations, even when another user id is asked for', async () => {
    const r = await get<Page<unknown>>(s.member1, `/api/me/operations?userId=${s.member2.id}&sort=time&order=desc`);
    expect(r.status).toBe(200);
    const page = operations.parse(r.body.data);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(new Set(page.items.map((o) => o.userId))).toEqual(new Set([s.member1.id]));
    expect(page.items[0]).toMatchObject({ type: OperationType.UserNickname, account: 'member1' });
  });

  it('pages and filters the own operations by type', async () => {
    const none = operations.parse((await get(s.member1, `/api/me/operations?type=${OperationType.ChannelAdd}`)).body.data);
    expect(none).toEqual({ items: [], total: 0 });
    const first = operations.parse((await get(s.dispatcher1, '/api/me/operations?size=1')).body.data);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]!.account).toBe('dispatcher1');
  });

  it('lists only the caller\'s SOS, for a member and for a dispatcher who handles everyone\'s', async () => {
    const own = soses.parse((await get(s.member1, `/api/me/sos-records?userId=${s.member2.id}`)).body.data);
    expect(own.items.map((r) => r.user.account)).toEqual(['member1']);
    expect(own.items[0]).toMatchObject({ lng: 116.4, lat: 39.9, state: 'open', dispatcher: null });

    // The dispatcher sees both members' SOS on the SOS screen, but raised none: their own list is empty.
    const all = soses.parse((await get(s.dispatcher1, '/api/sos')).body.data);
    expect(all.items.map((r) => r.user.account).sort()).toEqual(['member1', 'member2']);
    expect(soses.parse((await get(s.dispatcher1, '/api/me/sos-records')).body.data)).toEqual({ items: [], total: 0 });
  });

  it('shows a closed SOS with the dispatcher who closed it', async () => {
    const own = soses.parse((await get(s.member2, '/api/me/sos-records')).body.data);
    expect((await api(t.app, 'POST', `/api/sos/${own.items[0]!.id}/close`, s.dispatcher1.auth_token)).body.code).toBe(0);
    const after = soses.parse((await get(s.member2, '/api/me/sos-records?state=closed')).body.data);
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ state: 'closed', dispatcher: { id: s.dispatcher1.id } });
    expect(after.items[0]!.closedAt).not.toBeNull();
  });

  it('never shows another enterprise\'s records', async () => {
    const ops = operations.parse((await get(s.guard1, '/api/me/operations')).body.data);
    expect(ops.items.map((o) => o.account)).toEqual(['guard1']);
    const sos = soses.parse((await get(s.guard1, '/api/me/sos-records')).body.data);
    expect(sos.items.map((r) => r.user.account)).toEqual(['guard1']);
    const own = logins.parse((await get(s.guard1, '/api/me/login-records')).body.data);
    expect(new Set(own.items.map((r) => r.account))).toEqual(new Set(['guard1']));
    // The demo enterprise's member1 does not see guard1's records either.
    const m1 = operations.parse((await get(s.member1, '/api/me/operations')).body.data);
    expect(m1.items.some((o) => o.account === 'guard1')).toBe(false);
  });

  it('needs a token and refuses bad paging', async () => {
    for (const url of ['/api/me/operations', '/api/me/sos-records', '/api/me/login-records']) {
      expect((await get(null, url)).body.code).toBe(ServerCode.AuthorizationFailed);
      const bad = await get(s.member1, `${url}?size=0`);
      expect([bad.status, bad.body.code]).toEqual([400, ServerCode.ParameterError]);
    }
  });
});
