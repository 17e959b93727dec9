import {
  LOCATION_KIND,
  WALL_ALERT_KIND,
  fenceAlertSchema,
  pageSchema,
  topics,
  wallAlertFrameSchema,
  type FenceAlert,
  type FenceDetail,
  type Page,
  type Session,
  type WallAlertFrame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Geofence evaluation of device positions through the monitor: WallAlert on dispatch/{entId} and a
// cross-border record exactly once per confirmed crossing (two points in a row, ADR 027), for
// covered members of enabled fences and links only; dwell and schedule windows in the
// organisation's time zone. The step's own cases: fence-rules.test.ts.

const COMPOUND = { lng: 116.404, lat: 39.915 };
const INSIDE = COMPOUND;
/** About 8 km east: outside the compound (±0.01°) and far from everything else. */
const OUTSIDE = { lng: 116.5, lat: 39.915 };
const FORBIDDEN = { lng: 116.3, lat: 39.915 };

const square = ({ lng, lat }: { lng: number; lat: number }, half = 0.01) => ({
  type: 'polygon' as const,
  points: [
    { lng: lng - half, lat: lat - half },
    { lng: lng + half, lat: lat - half },
    { lng: lng + half, lat: lat + half },
    { lng: lng - half, lat: lat + half },
  ],
});

type Member = 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'm6';
const MEMBERS: Member[] = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];

describe.each(DB_KINDS)('geofence alerts on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const s = {} as Record<'admin' | 'dispatcher' | 'stranger' | Member, Session>;
  const devices = {} as Record<Member, WsProbe>;
  let watcher: WsProbe;
  let stranger: WsProbe;
  let compound: FenceDetail;
  let forbidden: FenceDetail;
  let logistics: number;
  // Every position gets a later time than the one before.
  let clock = Date.now() - 3_600_000;

  const call = <T = FenceDetail>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, who: Session = s.admin) =>
    api<T>(t.app, method, url, who.auth_token, body);
  /** Reports sent so far (each one 'location.stored' event). */
  let reports = 0;
  const send = (m: Member, ...at: { lng: number; lat: number }[]) => {
    reports += 1;
    devices[m].send({
      code: 0,
      topic: topics.location(DEMO_ENT_ID, s[m].id),
      data: at.length === 1 ? { ...at[0], coord: 0, time: (clock += 1_000) } : { points: at.map((p) => ({ ...p, coord: 0, time: (clock += 1_000) })) },
      t: LOCATION_KIND,
    });
  };
  /** Sends one report of points at explicit device times. */
  const sendAt = (m: Member, points: [{ lng: number; lat: number }, number][]) => {
    reports += 1;
    devices[m].send({ code: 0, topic: topics.location(DEMO_ENT_ID, s[m].id), data: { points: points.map(([p, time]) => ({ ...p, coord: 0, time })) }, t: LOCATION_KIND });
  };
  const wallAlerts = (probe: WsProbe) => probe.frames.filter((f) => f.t === WALL_ALERT_KIND).map((f) => f.data as WallAlertFrame);
  const alertsOf = (m: Member, fence: FenceDetail) => wallAlerts(watcher).filter((a) => a.uid === s[m].id && a.fenceId === fence.id);
  /** Waits until every report sent so far has been evaluated (the monitor's histogram counts each
   *  finished report), then until the frames it published have reached the watcher. */
  async function settled(): Promise<void> {
    const deadline = Date.now() + 5_000;
    const finished = () => t.deps.fenceMonitor.stats.read(DEMO_ENT_ID).latency.counts.reduce((a, b) => a + b, 0);
    while (finished() < reports) {
      if (Date.now() > deadline) throw new Error(`${finished()} of ${reports} reports evaluated`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await watcher.ping();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    for (const m of MEMBERS) s[m] = await loginAs(t.app, `member${m.slice(1)}`);
    logistics = (await t.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Logistics'", [DEMO_ENT_ID])).rows[0]!.id;

    compound = (await call('POST', '/api/fences', { name: 'Compound', rule: 'leave', shape: square(COMPOUND), userIds: [s.m1.id, s.m2.id, s.m5.id], channelIds: [logistics] })).body.data;
    // member5 is on Logistics but exempt by their own disabled link.
    await call('PATCH', `/api/fences/${compound.id}/users/${s.m5.id}`, { enabled: false });
    forbidden = (await call('POST', '/api/fences', { name: 'Forbidden', rule: 'stay', shape: square(FORBIDDEN), userIds: [s.m6.id] })).body.data;

    const open = async (session: Session) => {
      const p = await WsProbe.open(baseUrl, session.auth_token);
      await p.ping();
      return p;
    };
    watcher = await open(s.dispatcher);
    stranger = await open(s.stranger);
    for (const m of MEMBERS) devices[m] = await open(s[m]);
  });
  afterAll(async () => {
    await Promise.all([watcher, stranger, ...Object.values(devices)].filter(Boolean).map((p) => p.close()));
    await t?.close();
  });

  it('alerts once when a member walks out of a leave fence, to dispatchers of the enterprise only, with a record', async () => {
    send('m1', INSIDE);
    send('m1', INSIDE);
    send('m1', OUTSIDE);
    send('m1', OUTSIDE);
    await settled();
    const [alert, ...more] = alertsOf('m1', compound);
    expect(more).toEqual([]);
    expect(wallAlertFrameSchema.parse(alert)).toMatchObject({
      fenceId: compound.id,
      fenceName: 'Compound',
      uid: s.m1.id,
      account: 'member1',
      nickname: 'Member 1',
      type: 'leave',
      ...OUTSIDE,
    });
    const frame = watcher.frames.find((f) => f.data === alert)!;
    expect(frame.topic).toBe(topics.dispatch(DEMO_ENT_ID));
    await stranger.ping();
    expect(wallAlerts(stranger)).toEqual([]);

    const records = await call<Page<FenceAlert>>('GET', `/api/records/fence-alerts?fenceId=${compound.id}&userId=${s.m1.id}`, undefined, s.dispatcher);
    expect(pageSchema(fenceAlertSchema).parse(records.body.data).items).toEqual([
      {
        id: alert!.alertId,
        user: { uid: s.m1.id, account: 'member1', nickname: 'Member 1' },
        dispatcher: { id: s.dispatcher.id, nickname: 'Dispatcher 1' },
        fence: { id: compound.id, name: 'Compound' },
        type: 'leave',
        time: alert!.time,
        ip: null,
        ...OUTSIDE,
      },
    ]);
    expect((await call<Page<FenceAlert>>('GET', '/api/records/fence-alerts', undefined, s.stranger)).body.data.total).toBe(0);
  });

  it('alerts again on each new confirmed crossing, also within one buffered frame', async () => {
    send('m1', INSIDE, INSIDE, OUTSIDE, OUTSIDE, INSIDE, INSIDE, OUTSIDE, OUTSIDE);
    await settled();
    expect(alertsOf('m1', compound)).toHaveLength(3);
    const stored = await t.db.query<{ n: number }>('select count(*)::int as n from fence_alerts where fence_id = $1 and user_id = $2', [compound.id, s.m1.id]);
    expect(stored.rows[0]!.n).toBe(3);
  });

  it('records the address of a REST report', async () => {
    reports += 1;
    await api(t.app, 'POST', '/api/locations', s.m2.auth_token, { points: [INSIDE, INSIDE, OUTSIDE, OUTSIDE].map((p) => ({ ...p, coord: 0, time: (clock += 1_000) })) });
    await watcher.waitFor((f) => f.t === WALL_ALERT_KIND && (f.data as WallAlertFrame).uid === s.m2.id, 'alert of member2');
    const records = await call<Page<FenceAlert>>('GET', `/api/records/fence-alerts?userId=${s.m2.id}&type=leave`);
    expect(records.body.data.items.map((a) => a.ip)).toEqual(['127.0.0.1']);
  });

  it('raises nothing for one stray point (GPS drift), in either direction', async () => {
    // member2 is confirmed outside: stray points inside neither end the stay nor alert again.
    send('m2', INSIDE);
    send('m2', OUTSIDE);
    send('m2', INSIDE, OUTSIDE);
    await settled();
    // Back inside (confirmed), then one stray point outside: no alert.
    send('m2', INSIDE, INSIDE);
    send('m2', OUTSIDE);
    send('m2', INSIDE);
    await settled();
    expect(alertsOf('m2', compound)).toHaveLength(1);
    // Two outside in a row: now it is a crossing.
    send('m2', OUTSIDE, OUTSIDE);
    await settled();
    expect(alertsOf('m2', compound)).toHaveLength(2);
  });

  it('covers members of linked channels, except an exempt user; users not linked raise nothing', async () => {
    for (const m of ['m4', 'm5', 'm3'] as const) {
      send(m, INSIDE, INSIDE);
      send(m, OUTSIDE, OUTSIDE);
    }
    await settled();
    expect(alertsOf('m4', compound)).toHaveLength(1);
    expect(alertsOf('m5', compound)).toEqual([]);
    expect(alertsOf('m3', compound)).toEqual([]);
  });

  it('follows channel membership: a member added to a linked channel is covered at once', async () => {
    expect((await call('POST', `/api/channels/${logistics}/members`, { members: [{ userId: s.m3.id }] })).body.code).toBe(0);
    send('m3', INSIDE, INSIDE);
    send('m3', OUTSIDE, OUTSIDE);
    await settled();
    expect(alertsOf('m3', compound)).toHaveLength(1);
  });

  it('raises nothing through a disabled channel link or a stopped fence; starting again evaluates afresh', async () => {
    await call('PATCH', `/api/fences/${compound.id}/channels/${logistics}`, { enabled: false });
    send('m4', INSIDE, INSIDE);
    send('m4', OUTSIDE, OUTSIDE);
    await settled();
    expect(alertsOf('m4', compound)).toHaveLength(1); // only the earlier one

    await call('POST', `/api/fences/${compound.id}/stop`);
    send('m1', INSIDE, INSIDE);
    send('m1', OUTSIDE, OUTSIDE);
    await settled();
    expect(alertsOf('m1', compound)).toHaveLength(3);

    // Still outside when the fence starts: once two positions confirm it, it alerts.
    await call('POST', `/api/fences/${compound.id}/start`);
    send('m1', OUTSIDE);
    await settled();
    expect(alertsOf('m1', compound)).toHaveLength(3);
    send('m1', OUTSIDE);
    await settled();
    expect(alertsOf('m1', compound)).toHaveLength(4);
  });

  it("alerts when a member enters a 'stay' fence, once while they stay", async () => {
    send('m6', OUTSIDE);
    send('m6', FORBIDDEN);
    send('m6', FORBIDDEN);
    send('m6', FORBIDDEN);
    send('m6', OUTSIDE);
    await settled();
    expect(alertsOf('m6', forbidden).map((a) => [a.type, a.lng, a.lat])).toEqual([['stay', FORBIDDEN.lng, FORBIDDEN.lat]]);
  });

  it('alerts a dwell fence only once the member has been inside for dwellS, timed by the device', async () => {
    const bay = (await call('POST', '/api/fences', { name: 'Loading bay', rule: 'stay', dwellS: 60, shape: square(FORBIDDEN, 0.001), userIds: [s.m5.id] })).body.data;
    expect(bay.dwellS).toBe(60);
    const b = (clock += 1_000);
    sendAt('m5', [[OUTSIDE, b], [FORBIDDEN, b + 5_000], [FORBIDDEN, b + 10_000]]);
    sendAt('m5', [[FORBIDDEN, b + 64_000]]); // 59 s after the first point inside
    await settled();
    expect(alertsOf('m5', bay)).toEqual([]);
    sendAt('m5', [[FORBIDDEN, b + 65_000]]);
    await settled();
    expect(alertsOf('m5', bay).map((a) => a.time)).toEqual([new Date(b + 65_000).toISOString()]);
    clock = b + 65_000;
  });

  it("evaluates a scheduled fence only inside its window, read in the organisation's time zone", async () => {
    // Seeded: Asia/Shanghai (UTC+8, no DST). A one-hour window three days ago.
    const at = Math.floor((Date.now() - 3 * 86_400_000) / 3_600_000) * 3_600_000 + 1_800_000;
    const local = wall('Asia/Shanghai', at);
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    const night = (
      await call('POST', '/api/fences', {
        name: 'Night shift',
        rule: 'leave',
        shape: { type: 'circle', center: INSIDE, radius: 200 },
        schedule: [{ days: [local.day], start: hh(local.hour), end: hh(local.hour + 1) }],
        userIds: [s.m5.id],
      })
    ).body.data;
    expect(night).toMatchObject({ activeNow: false, schedule: [{ days: [local.day], start: hh(local.hour) }] });
    sendAt('m5', [[OUTSIDE, at - 3_600_000], [OUTSIDE, at - 3_595_000]]); // the hour before: off
    await settled();
    expect(alertsOf('m5', night)).toEqual([]);
    sendAt('m5', [[OUTSIDE, at], [OUTSIDE, at + 5_000]]);
    await settled();
    expect(alertsOf('m5', night)).toHaveLength(1);

    // New York is 12 or 13 hours behind: the same wall hour comes that much later.
    const superadmin = await loginAs(t.app, 'superadmin');
    expect((await api(t.app, 'PATCH', '/api/enterprise', superadmin.auth_token, { timeZone: 'America/New_York' })).body.code).toBe(0);
    const later = [12, 13].map((h) => at + h * 3_600_000).find((x) => wall('America/New_York', x).hour === local.hour)!;
    sendAt('m5', [[OUTSIDE, later], [OUTSIDE, later + 5_000]]);
    await settled();
    expect(alertsOf('m5', night)).toHaveLength(2); // another occurrence, in the new zone
    expect((await api(t.app, 'PATCH', '/api/enterprise', superadmin.auth_token, { timeZone: 'Asia/Shanghai' })).body.code).toBe(0);
  });
});

/** Weekday (0 Sunday) and hour of the wall clock of `zone` at `ms`. */
function wall(zone: string, ms: number): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')), hour: Number(part('hour')) % 24 };
}
