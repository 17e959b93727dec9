import gcoord from 'gcoord';
import {
  HeartbeatEvent,
  HeartbeatMethod,
  LOCATION_KIND,
  RULES,
  ServerCode,
  TRACK_MAX_POINTS,
  buildHeartbeat,
  heartbeatFrame,
  latestPositionSchema,
  locationPoints,
  topics,
  trackSchema,
  type LocationAccepted,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { z } from 'zod';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

const BEIJING = { lng: 116.404, lat: 39.915 };
const locationFrame = (s: Session, data: unknown, to = { entId: s.ent.id, userId: s.id }) => ({
  code: 0,
  topic: topics.location(to.entId, to.userId),
  data,
  t: LOCATION_KIND,
});
const point = (over: Record<string, unknown> = {}) => ({ ...BEIJING, coord: 0, time: Date.now(), ...over });
/** Frames on dispatch/ carrying a point of this user. */
const pointsOf = (uid: number) => (f: Ws2Frame) => locationPoints(f.t, f.data).some((p) => p.uid === uid);

describe.each(DB_KINDS)('locations on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const s = {} as Record<'dispatcher' | 'admin' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'm6' | 'stranger', Session>;
  const open: WsProbe[] = [];
  const connect = async (session: Session): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, session.auth_token);
    open.push(p);
    await p.ping();
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    const accounts = { dispatcher: 'dispatcher1', admin: 'admin', m1: 'member1', m2: 'member2', m3: 'member3', m4: 'member4', m5: 'member5', m6: 'member6' } as const;
    for (const [key, account] of Object.entries(accounts)) s[key as keyof typeof accounts] = await loginAs(t.app, account);
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async (userId: number) =>
    (await t.db.query<{ lng: number; lat: number; ent_id: number }>('select lng, lat, ent_id from locations where user_id = $1 order by id', [userId])).rows;
  /** Polls until the user has `n` stored points (socket reports are written in batches). */
  async function storedCount(userId: number, n: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    while ((await rows(userId)).length < n) {
      if (Date.now() > deadline) throw new Error(`user ${userId} never had ${n} points`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('stores a GCJ-02 point as the WGS-84 gcoord gives, and a WGS-84 point unchanged', async () => {
    const r = await api<LocationAccepted>(t.app, 'POST', '/api/locations', s.m1.auth_token, point({ coord: 1, speed: 3.5 }));
    expect(r.body).toMatchObject({ code: 0, data: { accepted: 1, ignored: 0 } });
    const [lng, lat] = gcoord.transform([BEIJING.lng, BEIJING.lat], gcoord.GCJ02, gcoord.WGS84);
    const [stored] = await rows(s.m1.id);
    expect(stored!.lng).toBeCloseTo(lng, 9);
    expect(stored!.lat).toBeCloseTo(lat, 9);
    expect(Math.abs(stored!.lng - BEIJING.lng)).toBeGreaterThan(0.001); // really converted
    expect(stored!.ent_id).toBe(DEMO_ENT_ID);
    const device = await t.db.query<{ name: string }>('select d.name from locations l join devices d on d.id = l.device_id where l.user_id = $1', [s.m1.id]);
    expect(device.rows).toEqual([{ name: 'Handset 01' }]); // the handset bound to the account

    await api(t.app, 'POST', '/api/locations', s.m1.auth_token, point({ coord: 0, lng: 2.35, lat: 48.85 }));
    expect((await rows(s.m1.id))[1]).toMatchObject({ lng: 2.35, lat: 48.85 });
  });

  it('refuses out-of-range values over REST with 2004 and ignores points outside the time window', async () => {
    for (const bad of [point({ lng: 180.5 }), point({ lat: -91 }), point({ coord: 2 }), point({ heading: 400 }), { points: [] }, { points: Array.from({ length: 101 }, () => point()) }]) {
      const r = await api(t.app, 'POST', '/api/locations', s.m6.auth_token, bad);
      expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    }
    const now = Date.now();
    const r = await api<LocationAccepted>(t.app, 'POST', '/api/locations', s.m6.auth_token, {
      points: [point({ time: now + 10 * 60_000 }), point({ time: now - 8 * 24 * 3_600_000 }), point({ time: now - 60_000 })],
    });
    expect(r.body.data).toEqual({ accepted: 1, ignored: 2 });
    expect(await rows(s.m6.id)).toHaveLength(1);
  });

  it("publishes a device's frame to its enterprise's dispatch sockets only, as WGS-84", async () => {
    const [watcher, stranger, device] = [await connect(s.dispatcher), await connect(s.stranger), await connect(s.m2)];
    device.send(locationFrame(s.m2, point({ coord: 1, heading: 90 })));
    const frame = await watcher.waitFor(pointsOf(s.m2.id), 'location frame');
    expect(frame.topic).toBe(topics.dispatch(DEMO_ENT_ID));
    const [p] = locationPoints(frame.t, frame.data);
    const [lng, lat] = gcoord.transform([BEIJING.lng, BEIJING.lat], gcoord.GCJ02, gcoord.WGS84);
    expect(p).toMatchObject({ uid: s.m2.id, coord: 0, heading: 90 });
    expect(p!.lng).toBeCloseTo(lng, 9);
    expect(p!.lat).toBeCloseTo(lat, 9);
    await storedCount(s.m2.id, 1);
    await stranger.ping();
    expect(stranger.frames.filter((f) => locationPoints(f.t, f.data).length > 0)).toEqual([]);
  });

  it("ignores frames naming another user or enterprise, and malformed frames, and keeps the socket", async () => {
    const watcher = await connect(s.dispatcher);
    const device = await connect(s.m3);
    device.send(locationFrame(s.m3, point(), { entId: DEMO_ENT_ID, userId: s.m4.id }));
    device.send(locationFrame(s.m3, point(), { entId: SECOND_ENT_ID, userId: s.m3.id }));
    device.send(locationFrame(s.m3, point(), { entId: SECOND_ENT_ID, userId: s.stranger.id }));
    for (const data of [null, 'x', [], {}, { lng: 1 }, point({ lng: 500 }), point({ lat: '1' }), point({ coord: 5 }), point({ time: -1 }), { points: 'no' }]) {
      device.send(locationFrame(s.m3, data));
    }
    device.send({ ...locationFrame(s.m3, point()), t: 'Loc' }); // wrong kind
    device.send(locationFrame(s.m3, point({ time: Date.now() + 3_600_000 }))); // far future: ignored
    device.send(Buffer.from([1, 2, 3]));
    device.send('{"topic": ');
    await device.ping();
    expect(device.closeCode).toBeNull();

    device.send(locationFrame(s.m3, point({ lng: 10, lat: 20 })));
    await watcher.waitFor(pointsOf(s.m3.id));
    await storedCount(s.m3.id, 1);
    expect(await rows(s.m3.id)).toEqual([{ lng: 10, lat: 20, ent_id: DEMO_ENT_ID }]);
    expect(await rows(s.m4.id)).toEqual([]);
    expect(await rows(s.stranger.id)).toEqual([]);
    expect(watcher.frames.filter(pointsOf(s.m4.id))).toEqual([]);
    expect(watcher.frames.filter(pointsOf(s.m3.id)).flatMap((f) => locationPoints(f.t, f.data))).toHaveLength(1);
  });

  it('returns the last 1000 points of a track in time order, with from/to', async () => {
    const base = Date.now() - 2 * 3_600_000;
    const times = Array.from({ length: 1_100 }, (_, i) => base + i * 1_000);
    // Batches posted newest first: the order of storage must not matter.
    for (let b = 10; b >= 0; b--) {
      const points = times.slice(b * 100, b * 100 + 100).map((time, i) => point({ time, lng: 100 + (b * 100 + i) / 10_000 }));
      expect((await api<LocationAccepted>(t.app, 'POST', '/api/locations', s.m5.auth_token, { points })).body.data.accepted).toBe(100);
    }
    const r = await api(t.app, 'GET', `/api/users/${s.m5.id}/track`, s.dispatcher.auth_token);
    const track = trackSchema.parse(r.body.data);
    expect(track.points).toHaveLength(TRACK_MAX_POINTS);
    const got = track.points.map((p) => Date.parse(p.time));
    expect(got).toEqual(times.slice(100));
    expect(track.points[0]!.lng).toBeCloseTo(100.01, 9);

    const ranged = await api(t.app, 'GET', `/api/users/${s.m5.id}/track?from=${times[10]}&to=${times[20]}`, s.dispatcher.auth_token);
    expect(trackSchema.parse(ranged.body.data).points.map((p) => Date.parse(p.time))).toEqual(times.slice(10, 20));
    // A member reads their own track.
    expect((await api(t.app, 'GET', `/api/users/${s.m5.id}/track`, s.m5.auth_token)).body.code).toBe(0);
  });

  it("answers 'no track', refuses a member another's track, and hides other enterprises' users", async () => {
    const none = await api(t.app, 'GET', `/api/users/${s.admin.id}/track`, s.dispatcher.auth_token);
    expect([none.status, none.body]).toEqual([404, { code: ServerCode.NotFound, msg: RULES.noTrack, data: { reason: 'rule.noTrack' } }]);
    const foreign = await api(t.app, 'GET', `/api/users/${s.m1.id}/track`, s.m2.auth_token);
    expect([foreign.status, foreign.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
    const otherEnt = await api(t.app, 'GET', `/api/users/${s.m1.id}/track`, s.stranger.auth_token);
    expect([otherEnt.status, otherEnt.body.code, (otherEnt.body.data as { reason: string }).reason]).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
  });

  it('lists the latest position of every member with presence, keeping the newest point only', async () => {
    const device = await connect(s.m4);
    device.send(heartbeatFrame(s.m4, buildHeartbeat({ session: s.m4, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() })));
    const now = Date.now();
    await api(t.app, 'POST', '/api/locations', s.m4.auth_token, point({ lng: 1, lat: 1, time: now - 1_000 }));
    await api(t.app, 'POST', '/api/locations', s.m4.auth_token, point({ lng: 2, lat: 2, time: now - 5_000 })); // older: kept in the track only
    await device.ping();

    const r = await api(t.app, 'GET', '/api/locations/latest', s.admin.auth_token);
    const latest = z.array(latestPositionSchema).parse(r.body.data);
    const m4 = latest.find((p) => p.uid === s.m4.id);
    expect(m4).toMatchObject({ account: 'member4', lng: 1, lat: 1, coord: 0, status: 'online', time: new Date(now - 1_000).toISOString() });
    expect(latest.find((p) => p.uid === s.m1.id)).toMatchObject({ lng: 2.35, lat: 48.85, status: 'offline' });
    expect(new Set(latest.map((p) => p.uid)).size).toBe(latest.length);

    expect((await api(t.app, 'GET', '/api/locations/latest', s.m1.auth_token)).body.code).toBe(ServerCode.InsufficientPermissions);
    const theirs = await api<unknown[]>(t.app, 'GET', '/api/locations/latest', s.stranger.auth_token);
    expect(theirs.body).toEqual({ code: 0, msg: expect.any(String) as string, data: [] });
  });
});
