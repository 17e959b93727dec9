import gcoord from 'gcoord';
import {
  OperationType,
  RULES,
  ServerCode,
  fenceDetailSchema,
  fenceSchema,
  pageSchema,
  type FenceDetail,
  type Page,
  type Fence,
  type Session,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Geofence management over REST: CRUD, validation messages, unique names, 'not modified', links,
// status, tenancy and operation records. Alerts from positions: fence-alerts.test.ts.

/** A square polygon around a point, `half` degrees each way. */
const square = (lng: number, lat: number, half = 0.01) => ({
  type: 'polygon' as const,
  points: [
    { lng: lng - half, lat: lat - half },
    { lng: lng + half, lat: lat - half },
    { lng: lng + half, lat: lat + half },
    { lng: lng - half, lat: lat + half },
  ],
});

const issuesOf = (body: { data: unknown }) => ((body.data as { issues?: { message: string }[] }).issues ?? []).map((i) => i.message);

describe.each(DB_KINDS)('fences on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'dispatcher' | 'm1' | 'stranger', Session>;
  let channels: Record<string, number>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    s.m1 = await loginAs(t.app, 'member1');
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    const rows = async (sql: string) => Object.fromEntries((await t.db.query<{ k: string; id: number }>(sql)).rows.map((r) => [r.k, r.id]));
    channels = await rows('select name as k, id from channels');
    ids = await rows(`select account || '@' || ent_id as k, id from users`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = FenceDetail>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, who: Session = s.dispatcher) =>
    api<T>(t.app, method, url, who.auth_token, body);
  const user = (account: string, entId = DEMO_ENT_ID) => ids[`${account}@${entId}`]!;

  it('creates, reads, lists, renames, stops, starts and deletes a fence, each change with its operation record', async () => {
    const since = await lastOperationId(t.db);
    const created = await call('POST', '/api/fences', {
      name: ' Depot ',
      rule: 'leave',
      shape: { ...square(116.4, 39.9), points: [...square(116.4, 39.9).points, square(116.4, 39.9).points[0]] },
      userIds: [user('member1')],
      channelIds: [channels.Security],
    });
    expect(created.body.code).toBe(0);
    const fence = fenceDetailSchema.parse(created.body.data);
    expect(fence).toMatchObject({ name: 'Depot', enabled: true, rule: 'leave', coord: 0, userCount: 1, channelCount: 1 });
    expect(fence.shape).toEqual(square(116.4, 39.9)); // the closing point is dropped
    expect(fence.createdBy).toEqual({ id: s.dispatcher.id, nickname: 'Dispatcher 1' });
    expect(fence.users).toEqual([expect.objectContaining({ uid: user('member1'), account: 'member1', enabled: true })]);
    expect(fence.channels).toEqual([expect.objectContaining({ channelId: channels.Security, name: 'Security', enabled: true })]);

    expect((await call('GET', `/api/fences/${fence.id}`)).body.data).toEqual(fence);
    const list = await call<Page<Fence>>('GET', '/api/fences?q=depo&enabled=true&rule=leave');
    expect(pageSchema(fenceSchema).parse(list.body.data).items.map((f) => f.id)).toEqual([fence.id]);
    expect((await call<Page<Fence>>('GET', `/api/fences?userId=${user('member1')}`)).body.data.items.map((f) => f.id)).toEqual([fence.id]);
    expect((await call<Page<Fence>>('GET', '/api/fences?rule=stay')).body.data.items).toEqual([]);

    const renamed = await call('PATCH', `/api/fences/${fence.id}`, { name: 'Depot North' });
    expect(renamed.body.data).toMatchObject({ name: 'Depot North', shape: fence.shape });
    expect((await call('POST', `/api/fences/${fence.id}/stop`)).body.data.enabled).toBe(false);
    expect((await call('POST', `/api/fences/${fence.id}/stop`)).body.code).toBe(0); // already stopped: nothing recorded
    expect((await call('POST', `/api/fences/${fence.id}/start`)).body.data.enabled).toBe(true);
    expect((await call('DELETE', `/api/fences/${fence.id}`)).body).toMatchObject({ code: 0, data: null });
    const gone = await call('GET', `/api/fences/${fence.id}`);
    expect([gone.status, gone.body.code]).toEqual([404, ServerCode.NotFound]);
    expect((await call('POST', '/api/fences', { name: 'Depot North', rule: 'stay', shape: square(1, 1) })).body.code).toBe(0); // name freed

    const counts = await Promise.all(
      [OperationType.FenceCreate, OperationType.FenceUpdate, OperationType.FenceStop, OperationType.FenceStart, OperationType.FenceDelete].map((type) =>
        countOperations(t.db, DEMO_ENT_ID, type, since),
      ),
    );
    expect(counts).toEqual([2, 1, 1, 1, 1]);
  });

  it('stores a circle drawn on a GCJ-02 map as WGS-84', async () => {
    const r = await call('POST', '/api/fences', { name: 'Gate circle', rule: 'stay', coord: 1, shape: { type: 'circle', center: { lng: 116.404, lat: 39.915 }, radius: 250 } });
    const [lng, lat] = gcoord.transform([116.404, 39.915], gcoord.GCJ02, gcoord.WGS84);
    expect(r.body.data.shape).toEqual({ type: 'circle', center: { lng, lat }, radius: 250 });
  });

  it.each([
    [{ rule: 'leave', shape: square(1, 2) }, 'validation.fenceNameRequired'],
    [{ name: '  ', rule: 'leave', shape: square(1, 2) }, 'validation.fenceNameRequired'],
    [{ name: 'x'.repeat(33), rule: 'leave', shape: square(1, 2) }, 'validation.fenceNameTooLong'],
    [{ name: '<b>x</b>', rule: 'leave', shape: square(1, 2) }, 'validation.fenceNameIllegal'],
    [{ name: 'A', rule: 'exit', shape: square(1, 2) }, 'validation.fenceRuleInvalid'],
    [{ name: 'A', rule: 'leave' }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'polygon', points: square(1, 2).points.slice(0, 2) } }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'polygon', points: [{ lng: 0, lat: 0 }, { lng: 1, lat: 1 }, { lng: 1, lat: 0 }, { lng: 0, lat: 1 }] } }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'polygon', points: [{ lng: 0, lat: 0 }, { lng: 1, lat: 1 }, { lng: 2, lat: 2 }] } }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'polygon', points: Array.from({ length: 201 }, (_, i) => ({ lng: Math.cos(i / 32), lat: Math.sin(i / 32) })) } }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'triangle' } }, 'validation.fenceDrawIncorrect'],
    [{ name: 'A', rule: 'leave', shape: { type: 'polygon', points: [{ lng: 179, lat: 0 }, { lng: 181, lat: 0 }, { lng: 180, lat: 1 }] } }, 'validation.fenceRangeInvalid'],
    [{ name: 'A', rule: 'leave', shape: { type: 'circle', center: { lng: 1, lat: 95 }, radius: 10 } }, 'validation.fenceRangeInvalid'],
    [{ name: 'A', rule: 'leave', shape: { type: 'circle', center: { lng: 1, lat: 1 }, radius: 0.5 } }, 'validation.fenceRangeInvalid'],
    [{ name: 'A', rule: 'leave', shape: { type: 'circle', center: { lng: 1, lat: 1 }, radius: 100_001 } }, 'validation.fenceRangeInvalid'],
  ])('refuses %j with 2004 %s', async (body, message) => {
    const r = await call('POST', '/api/fences', body);
    expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    expect(issuesOf(r.body)).toContain(message);
  });

  it("refuses a taken name (any case) with 2000 and an unchanged fence with 'Fence information has not been modified'", async () => {
    const a = (await call('POST', '/api/fences', { name: 'Yard', rule: 'leave', shape: square(10, 10) })).body.data;
    const b = (await call('POST', '/api/fences', { name: 'Dock', rule: 'leave', shape: { type: 'circle', center: { lng: 10, lat: 10 }, radius: 100 } })).body.data;
    const dup = await call('POST', '/api/fences', { name: 'YARD', rule: 'stay', shape: square(11, 11) });
    expect([dup.status, dup.body.code, dup.body.msg, dup.body.data]).toEqual([409, ServerCode.AlreadyExists, RULES.fenceNameExists, { reason: 'rule.fenceNameExists' }]);
    expect((await call('PATCH', `/api/fences/${b.id}`, { name: 'yard' })).body.code).toBe(ServerCode.AlreadyExists);
    // Another enterprise may use the name.
    expect((await call('POST', '/api/fences', { name: 'Yard', rule: 'leave', shape: square(10, 10) }, s.stranger)).body.code).toBe(0);

    const since = await lastOperationId(t.db);
    for (const body of [{}, { name: 'Yard', rule: 'leave' }, { shape: { ...square(10, 10), points: [...square(10, 10).points, square(10, 10).points[0]] } }, { coord: 1 }]) {
      const r = await call('PATCH', `/api/fences/${a.id}`, body);
      expect([r.status, r.body.code, r.body.msg]).toEqual([400, ServerCode.ParameterError, 'Fence information has not been modified']);
      expect(r.body.data).toEqual({ reason: 'rule.fenceNotModified' });
    }
    expect((await call('PATCH', `/api/fences/${b.id}`, { shape: { type: 'circle', center: { lng: 10, lat: 10 }, radius: 100 } })).body.code).toBe(ServerCode.ParameterError);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.FenceUpdate, since)).toBe(0);
    const moved = await call('PATCH', `/api/fences/${b.id}`, { rule: 'stay', shape: { type: 'circle', center: { lng: 10, lat: 10 }, radius: 101 } });
    expect(moved.body.data).toMatchObject({ rule: 'stay', shape: { radius: 101 } });
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.FenceUpdate, since)).toBe(1);
  });

  it('links and unlinks users and channels, per link on or off; a stopped fence must be started first (2042)', async () => {
    const f = (await call('POST', '/api/fences', { name: 'Links', rule: 'leave', shape: square(20, 20) })).body.data;
    const since = await lastOperationId(t.db);
    const linked = await call('POST', `/api/fences/${f.id}/users`, { userIds: [user('member2'), user('member3')] });
    expect(linked.body.data.users.map((u) => u.uid)).toEqual([user('member2'), user('member3')]);
    expect((await call('POST', `/api/fences/${f.id}/channels`, { channelIds: [channels.Logistics] })).body.data.channels).toHaveLength(1);

    const again = await call('POST', `/api/fences/${f.id}/users`, { userIds: [user('member3')] });
    expect([again.body.code, again.body.data]).toEqual([ServerCode.AlreadyExists, { reason: 'rule.fenceAlreadyLinked', ids: [user('member3')] }]);
    expect((await call('POST', `/api/fences/${f.id}/users`, { userIds: [user('member4'), user('member4')] })).body.code).toBe(ServerCode.AlreadyExists);
    expect((await call('POST', `/api/fences/${f.id}/users`, { userIds: [user('guard1', SECOND_ENT_ID)] })).body.code).toBe(ServerCode.NotFound);
    expect((await call('POST', `/api/fences/${f.id}/channels`, { channelIds: [channels.Operations] })).body.code).toBe(ServerCode.ChannelNotFound);
    expect(issuesOf((await call('POST', `/api/fences/${f.id}/users`, { userIds: [] })).body)).toContain('validation.userRequired');

    const off = await call('PATCH', `/api/fences/${f.id}/users/${user('member2')}`, { enabled: false });
    expect(off.body.data.users.find((u) => u.uid === user('member2'))?.enabled).toBe(false);
    expect((await call('PATCH', `/api/fences/${f.id}/channels/${channels.Logistics}`, { enabled: false })).body.data.channels[0]?.enabled).toBe(false);
    expect((await call('PATCH', `/api/fences/${f.id}/users/${user('member6')}`, { enabled: true })).body.code).toBe(ServerCode.NotFound);

    await call('POST', `/api/fences/${f.id}/stop`);
    const refused = await call('POST', `/api/fences/${f.id}/users`, { userIds: [user('member5')] });
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([409, ServerCode.WallNotOpen, RULES.fenceNotEnabled]);
    expect((await call('PATCH', `/api/fences/${f.id}/users/${user('member2')}`, { enabled: true })).body.code).toBe(ServerCode.WallNotOpen);
    // Taking links away works on a stopped fence.
    expect((await call('DELETE', `/api/fences/${f.id}/users/${user('member2')}`)).body.data.users.map((u) => u.uid)).toEqual([user('member3')]);
    expect((await call('DELETE', `/api/fences/${f.id}/channels/${channels.Logistics}`)).body.data.channels).toEqual([]);
    expect((await call('DELETE', `/api/fences/${f.id}/users/${user('member2')}`)).body.code).toBe(ServerCode.NotFound);

    const count = (type: number) => countOperations(t.db, DEMO_ENT_ID, type, since);
    expect(await Promise.all([OperationType.FenceLinkUser, OperationType.FenceLinkChannel, OperationType.FenceStop, OperationType.FenceUnlink].map(count))).toEqual([1, 1, 3, 2]);
  });

  it("keeps enterprises apart: another one's fences are not found, and members may not manage fences", async () => {
    const f = (await call('POST', '/api/fences', { name: 'Private', rule: 'leave', shape: square(30, 30) })).body.data;
    for (const [method, url, body] of [
      ['GET', `/api/fences/${f.id}`],
      ['PATCH', `/api/fences/${f.id}`, { name: 'Mine now' }],
      ['POST', `/api/fences/${f.id}/stop`],
      ['POST', `/api/fences/${f.id}/users`, { userIds: [user('guard1', SECOND_ENT_ID)] }],
      ['DELETE', `/api/fences/${f.id}`],
    ] as const) {
      const r = await call(method, url, body, s.stranger);
      expect([url, r.status, r.body.code]).toEqual([url, 404, ServerCode.NotFound]);
    }
    const theirs = await call<Page<Fence>>('GET', '/api/fences?size=200', undefined, s.stranger);
    expect(theirs.body.data.items.map((x) => x.name)).not.toContain('Private');
    expect((await call('GET', `/api/fences/${f.id}`)).body.data.name).toBe('Private');
    for (const [method, url] of [['GET', '/api/fences'], ['POST', `/api/fences/${f.id}/stop`], ['GET', '/api/records/fence-alerts']] as const) {
      expect((await call(method, url, undefined, s.m1)).body.code).toBe(ServerCode.InsufficientPermissions);
    }
  });
});
