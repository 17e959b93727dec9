import gcoord from 'gcoord';
import {
  HeartbeatEvent,
  HeartbeatMethod,
  RULES,
  SOS_KIND,
  ServerCode,
  buildHeartbeat,
  heartbeatFrame,
  pageSchema,
  sosLogSchema,
  sosMsgSchema,
  sosRaisedSchema,
  sosRecordSchema,
  topics,
  type Session,
  type SosRaised,
  type SosRecord,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

const sosFrame = (s: Session, data: unknown, to = { entId: s.ent.id, userId: s.id }) => ({ code: 0, topic: topics.sos(to.entId, to.userId), data, t: SOS_KIND });
const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));
const sosMsgOf = (uid: number, state: 'open' | 'closed') => (f: Ws2Frame) =>
  f.t === 'SosMsg' && (f.data as { uid?: number }).uid === uid && (f.data as { state?: string }).state === state;
const sosLog = (state: 'open' | 'closed') => (f: Ws2Frame) => f.t === 'SosLog' && (f.data as { state?: string }).state === state;
const recordPage = pageSchema(sosRecordSchema);

describe.each(DB_KINDS)('SOS on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const s = {} as Record<'dispatcher' | 'dispatcher2' | 'm1' | 'm2' | 'm3' | 'm4' | 'stranger', Session>;
  const open: WsProbe[] = [];
  const connect = async (session: Session): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, session.auth_token);
    open.push(p);
    await p.ping();
    return p;
  };
  /** A staff socket that announced itself online (presence comes from heartbeats only). */
  const connectOnline = async (session: Session, watcher: WsProbe): Promise<WsProbe> => {
    const p = await connect(session);
    p.send(online(session));
    await watcher.waitFor((f) => f.t === 'OnLine' && (f.data as { uid: number }).uid === session.id && (f.data as { status: string }).status === 'online');
    return p;
  };
  const raise = (session: Session, body: unknown = {}) => api<SosRaised>(t.app, 'POST', '/api/sos', session.auth_token, body);
  const openCount = async (userId: number) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from sos_records where user_id = $1', [userId])).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    const accounts = { dispatcher: 'dispatcher1', dispatcher2: 'dispatcher2', m1: 'member1', m2: 'member2', m3: 'member3', m4: 'member4' } as const;
    for (const [key, account] of Object.entries(accounts)) s[key as keyof typeof accounts] = await loginAs(t.app, account);
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("says 'nobody in SOS' while no staff is online, though a dispatcher socket is open without a heartbeat", async () => {
    const watcher = await connect(s.dispatcher);
    const device = await connect(s.m1);
    device.send(sosFrame(s.m1, {}));
    const log = await device.waitFor(sosLog('open'), 'SosLog');
    expect(log.topic).toBe(topics.userListen(DEMO_ENT_ID, s.m1.id));
    expect(sosLogSchema.parse(log.data)).toMatchObject({ state: 'open', answered: false, reason: 'rule.nobodyInSos' });
    await watcher.waitFor(sosMsgOf(s.m1.id, 'open'));

    const rest = await raise(s.m2);
    expect(rest.body.data).toMatchObject({ created: true, answered: false, reason: 'rule.nobodyInSos' });
    expect(RULES.nobodyInSos).toBe('nobody in SOS');
  });

  it('raises over the socket: SosMsg and Sos to the enterprise only, SosLog answered to the raiser', async () => {
    const watcher = await connect(s.dispatcher2);
    const dispatcher = await connectOnline(s.dispatcher, watcher);
    const stranger = await connect(s.stranger);
    const device = await connect(s.m3);
    device.send(sosFrame(s.m3, { lng: 116.404, lat: 39.915, coord: 1, time: Date.now() }));

    const msg = await dispatcher.waitFor(sosMsgOf(s.m3.id, 'open'), 'SosMsg');
    expect(msg.topic).toBe(topics.entListen(DEMO_ENT_ID));
    const data = sosMsgSchema.parse(msg.data);
    const [lng, lat] = gcoord.transform([116.404, 39.915], gcoord.GCJ02, gcoord.WGS84);
    // A socket has no user agent: the record names the user's bound device, and the socket's address.
    expect(data).toMatchObject({ uid: s.m3.id, account: 'member3', nickname: 'Member 3', device: 'Handset 03', state: 'open', closedAt: null, dispatcherId: null });
    expect(data.lng).toBeCloseTo(lng, 9);
    expect(data.lat).toBeCloseTo(lat, 9);
    const alert = await dispatcher.waitFor((f) => f.topic === topics.sosAlert(DEMO_ENT_ID));
    expect(alert).toMatchObject({ t: SOS_KIND, data: msg.data });

    const log = await device.waitFor(sosLog('open'));
    expect(log.data).toEqual({ sosId: data.sosId, state: 'open', answered: true, reason: null });
    const rec = await api<SosRecord>(t.app, 'GET', `/api/sos/${data.sosId}`, s.dispatcher.auth_token);
    expect(sosRecordSchema.parse(rec.body.data)).toMatchObject({ id: data.sosId, user: { uid: s.m3.id }, device: 'Handset 03', ip: '127.0.0.1', state: 'open' });
    await stranger.ping();
    expect(stranger.frames.filter((f) => f.t === 'SosMsg' || f.t === SOS_KIND)).toEqual([]);
  });

  it('ignores malformed SOS frames and frames for another user, and keeps the socket', async () => {
    const device = await connect(s.m4);
    const before = await openCount(s.m2.id);
    device.send(sosFrame(s.m4, {}, { entId: DEMO_ENT_ID, userId: s.m2.id }));
    device.send(sosFrame(s.m4, {}, { entId: SECOND_ENT_ID, userId: s.m4.id }));
    for (const data of [null, 'sos', [], { lng: 10 }, { lng: 500, lat: 1 }, { lng: 1, lat: 1, coord: 3 }]) device.send(sosFrame(s.m4, data));
    device.send({ ...sosFrame(s.m4, {}), t: 'Help' });
    await device.ping();
    expect(device.closeCode).toBeNull();
    // Frames are handled in order: once a valid raise is answered, the ones before it were dropped.
    device.send(sosFrame(s.m4, {}));
    await device.waitFor(sosLog('open'));
    expect(await openCount(s.m4.id)).toBe(1);
    expect(await openCount(s.m2.id)).toBe(before);
    expect(device.frames.filter((f) => f.t === 'SosLog')).toHaveLength(1);
  });

  it('reuses the open SOS on a repeated raise, and a dispatcher closes it (SosMsg and SosLog closed)', async () => {
    const watcher = await connect(s.dispatcher2);
    const dispatcher = await connectOnline(s.dispatcher, watcher);
    const device = await connect(s.m2);
    const first = await raise(s.m2, { lng: 10, lat: 20 });
    const again = await raise(s.m2, { lng: 11, lat: 21, coord: 0 });
    const id = first.body.data.record.id;
    expect(sosRaisedSchema.parse(again.body.data)).toMatchObject({ created: false, answered: true, reason: null, record: { id, lng: 11, lat: 21, state: 'open' } });
    expect(await openCount(s.m2.id)).toBe(1);
    const noPosition = await raise(s.m2, {});
    expect(noPosition.body.data.record).toMatchObject({ id, lng: 11, lat: 21 });

    const refused = await api(t.app, 'POST', `/api/sos/${id}/close`, s.m1.auth_token);
    expect([refused.status, refused.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
    const foreign = await api(t.app, 'POST', `/api/sos/${id}/close`, s.stranger.auth_token);
    expect([foreign.status, foreign.body.code]).toEqual([404, ServerCode.NotFound]);

    const closed = await api<SosRecord>(t.app, 'POST', `/api/sos/${id}/close`, s.dispatcher.auth_token);
    expect(sosRecordSchema.parse(closed.body.data)).toMatchObject({ id, state: 'closed', dispatcher: { id: s.dispatcher.id, nickname: 'Dispatcher 1' } });
    expect(closed.body.data.closedAt).not.toBeNull();
    const msg = await dispatcher.waitFor(sosMsgOf(s.m2.id, 'closed'));
    expect(msg.data).toMatchObject({ sosId: id, dispatcherId: s.dispatcher.id, closedAt: closed.body.data.closedAt });
    expect((await device.waitFor(sosLog('closed'))).data).toEqual({ sosId: id, state: 'closed', answered: true, reason: null });

    const twice = await api(t.app, 'POST', `/api/sos/${id}/close`, s.dispatcher2.auth_token);
    expect([twice.status, twice.body]).toEqual([409, { code: ServerCode.UserStatusError, msg: RULES.sosAlreadyClosed, data: { reason: 'rule.sosAlreadyClosed' } }]);
    // Closed is closed: the next raise opens a new record.
    const next = await raise(s.m2);
    expect(next.body.data).toMatchObject({ created: true });
    expect(next.body.data.record.id).not.toBe(id);
  });

  it('lists SOS records: staff filter the enterprise, a member sees only their own', async () => {
    const list = async (session: Session, query: string) => recordPage.parse((await api(t.app, 'GET', `/api/sos?size=200${query}`, session.auth_token)).body.data);
    const all = await list(s.dispatcher, '');
    expect(all.total).toBe(5);
    expect(new Set(all.items.map((r) => r.user.uid))).toEqual(new Set([s.m1.id, s.m2.id, s.m3.id, s.m4.id]));
    const opened = await list(s.dispatcher, '&state=open');
    const closed = await list(s.dispatcher, '&state=closed');
    expect(opened.items.every((r) => r.state === 'open' && r.closedAt === null)).toBe(true);
    expect(closed.items.every((r) => r.state === 'closed')).toBe(true);
    expect(opened.total + closed.total).toBe(all.total);
    expect((await list(s.dispatcher, `&userId=${s.m2.id}`)).items.every((r) => r.user.uid === s.m2.id)).toBe(true);
    const future = Date.now() + 60_000;
    expect((await list(s.dispatcher, `&from=${future}`)).total).toBe(0);
    expect((await list(s.dispatcher, `&to=${future}&sort=startedAt&order=desc`)).total).toBe(all.total);

    const mine = await list(s.m1, `&userId=${s.m2.id}`);
    expect(mine.total).toBe(1);
    expect(mine.items[0]!.user.uid).toBe(s.m1.id);
    const othersRecord = all.items.find((r) => r.user.uid === s.m2.id)!;
    expect((await api(t.app, 'GET', `/api/sos/${othersRecord.id}`, s.m1.auth_token)).body.code).toBe(ServerCode.InsufficientPermissions);
    expect((await api(t.app, 'GET', `/api/sos/${mine.items[0]!.id}`, s.m1.auth_token)).body.code).toBe(0);

    // Another enterprise sees none of them.
    expect((await list(s.stranger, '')).total).toBe(0);
    expect((await api(t.app, 'GET', `/api/sos/${othersRecord.id}`, s.stranger.auth_token)).body.code).toBe(ServerCode.NotFound);
  });
});
