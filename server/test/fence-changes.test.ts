import {
  FENCE_CHANGE_KIND,
  LOCATION_KIND,
  ServerCode,
  enterpriseSchema,
  fenceChangeFrameSchema,
  fenceEvaluationStatsSchema,
  fenceSchema,
  topics,
  type Enterprise,
  type Fence,
  type FenceChangeFrame,
  type FenceDetail,
  type FenceEvaluationStats,
  type FenceSchedule,
  type Page,
  type Session,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Issue 22 on the REST side: dwell and schedule on fences, FenceChange frames after every change
// (ADR 027), activeNow and insideCount, the organisation's time zone, fences across the 180th
// meridian refused, and the evaluation figures of /api/diagnostics/fences.

const HERE = { lng: 116.404, lat: 39.915 };
const FAR = { lng: 116.5, lat: 39.915 };
const square = ({ lng, lat }: { lng: number; lat: number }, half = 0.01) => ({
  type: 'polygon' as const,
  points: [
    { lng: lng - half, lat: lat - half },
    { lng: lng + half, lat: lat - half },
    { lng: lng + half, lat: lat + half },
    { lng: lng - half, lat: lat + half },
  ],
});
const issuesOf = (body: { data: unknown }) => ((body.data as { issues?: { message: string }[] }).issues ?? []).map((i) => i.message);

/** A two-hour window from the start of this hour in `zone` (today's weekday and hour there). */
function windowNow(zone: string): FenceSchedule {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(Date.now());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const hour = Number(part('hour')) % 24;
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return [{ days: [day], start: hh(hour), end: hh(hour + 2) }];
}

describe.each(DB_KINDS)('fence rules over REST and FenceChange on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const s = {} as Record<'dispatcher' | 'superadmin' | 'stranger' | 'm1' | 'm2' | 'm3' | 'm4', Session>;
  let watcher: WsProbe;
  let stranger: WsProbe;
  let member: WsProbe;
  let security: number;
  let clock = Date.now() - 600_000;
  let reports = 0;

  const call = <T = FenceDetail>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, who: Session = s.dispatcher) =>
    api<T>(t.app, method, url, who.auth_token, body);
  const changes = (probe: WsProbe) => probe.frames.filter((f) => f.t === FENCE_CHANGE_KIND).map((f) => f.data as FenceChangeFrame);
  /** Two positions in one REST report; the evaluation finishes after the answer. */
  const report = async (who: Session, at: { lng: number; lat: number }) => {
    reports += 1;
    const points = [0, 1].map(() => ({ ...at, coord: 0, time: (clock += 1_000) }));
    expect((await api(t.app, 'POST', '/api/locations', who.auth_token, { points })).body.code).toBe(0);
  };
  const stats = async (who: Session = s.dispatcher) => (await call<FenceEvaluationStats>('GET', '/api/diagnostics/fences', undefined, who)).body.data;
  async function settled(): Promise<void> {
    const deadline = Date.now() + 5_000;
    const finished = () => t.deps.fenceMonitor.stats.read(DEMO_ENT_ID).latency.counts.reduce((a, b) => a + b, 0);
    while (finished() < reports) {
      if (Date.now() > deadline) throw new Error(`${finished()} of ${reports} reports evaluated`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const listed = async (id: number) => (await call<Page<Fence>>('GET', '/api/fences?size=200')).body.data.items.find((f) => f.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    s.superadmin = await loginAs(t.app, 'superadmin');
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    for (const m of ['m1', 'm2', 'm3', 'm4'] as const) s[m] = await loginAs(t.app, `member${m.slice(1)}`);
    security = (await t.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Security'", [DEMO_ENT_ID])).rows[0]!.id;
    const open = async (session: Session) => {
      const p = await WsProbe.open(baseUrl, session.auth_token);
      await p.ping();
      return p;
    };
    watcher = await open(s.dispatcher);
    stranger = await open(s.stranger);
    member = await open(s.m4);
  });
  afterAll(async () => {
    await Promise.all([watcher, stranger, member].filter(Boolean).map((p) => p.close()));
    await t?.close();
  });

  it('publishes FenceChange on dispatch/{entId} after every change: create 0, update 1, cancel 2', async () => {
    const before = changes(watcher).length;
    const created = (await call('POST', '/api/fences', { name: 'Gate', rule: 'leave', shape: square(HERE), dwellS: 30 })).body.data;
    const id = created.id;
    const steps: [string, 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['rename', 'PATCH', `/api/fences/${id}`, { name: 'Main gate' }],
      ['dwell', 'PATCH', `/api/fences/${id}`, { dwellS: 90 }],
      ['schedule', 'PATCH', `/api/fences/${id}`, { schedule: [{ days: [1, 2], start: '22:00', end: '06:00' }] }],
      ['link user', 'POST', `/api/fences/${id}/users`, { userIds: [s.m1.id] }],
      ['link channel', 'POST', `/api/fences/${id}/channels`, { channelIds: [security] }],
      ['switch', 'PATCH', `/api/fences/${id}/users/${s.m1.id}`, { enabled: false }],
      ['unlink', 'DELETE', `/api/fences/${id}/channels/${security}`, undefined],
      ['stop', 'POST', `/api/fences/${id}/stop`, undefined],
      ['start', 'POST', `/api/fences/${id}/start`, undefined],
    ];
    for (const [what, method, url, body] of steps) expect([what, (await call(method, url, body)).body.code]).toEqual([what, 0]);
    // Nothing changed, nothing published.
    expect((await call('POST', `/api/fences/${id}/start`)).body.code).toBe(0);
    expect((await call('PATCH', `/api/fences/${id}`, { dwellS: 90 })).body.code).toBe(ServerCode.ParameterError);
    expect((await call('DELETE', `/api/fences/${id}`)).body.code).toBe(0);
    await watcher.ping();

    const frames = changes(watcher).slice(before);
    for (const f of frames) fenceChangeFrameSchema.parse(f);
    expect(frames.map((f) => [f.action, f.fenceId])).toEqual([[0, id], ...steps.map(() => [1, id]), [2, id]]);
    expect(frames[0]!.fence).toEqual(fenceSchema.parse(created)); // the list's form: no links
    expect(frames[0]!.fence).not.toHaveProperty('users');
    expect(frames.slice(1, -1).map((f) => [f.fence?.name, f.fence?.dwellS, f.fence?.userCount, f.fence?.channelCount, f.fence?.enabled])).toEqual([
      ['Main gate', 30, 0, 0, true],
      ['Main gate', 90, 0, 0, true],
      ['Main gate', 90, 0, 0, true],
      ['Main gate', 90, 1, 0, true],
      ['Main gate', 90, 1, 1, true],
      ['Main gate', 90, 1, 1, true],
      ['Main gate', 90, 1, 0, true],
      ['Main gate', 90, 1, 0, false],
      ['Main gate', 90, 1, 0, true],
    ]);
    expect(frames[3]!.fence?.schedule).toEqual([{ days: [1, 2], start: '22:00', end: '06:00' }]);
    expect(frames.at(-1)!.fence).toBeNull();
    expect(watcher.frames.find((f) => f.t === FENCE_CHANGE_KIND)!.topic).toBe(topics.dispatch(DEMO_ENT_ID));
    // Another organisation's staff and members' devices (no dispatch topic) hear none of it.
    await stranger.ping();
    await member.ping();
    expect(changes(stranger)).toEqual([]);
    expect(changes(member)).toEqual([]);
  });

  it("stores dwell and schedule, compares them for 'Fence information has not been modified', and refuses bad ones", async () => {
    const schedule = [{ days: [5, 1], start: '08:00', end: '08:00' }];
    const f = (await call('POST', '/api/fences', { name: 'Shift', rule: 'stay', shape: square(FAR), dwellS: 600, schedule })).body.data;
    expect(f).toMatchObject({ dwellS: 600, schedule: [{ days: [1, 5], start: '08:00', end: '08:00' }] });
    expect((await call('GET', `/api/fences/${f.id}`)).body.data).toEqual(f);
    for (const body of [{ dwellS: 600 }, { schedule: [{ days: [1, 5], start: '08:00', end: '08:00' }] }, { schedule, dwellS: 600 }]) {
      const r = await call('PATCH', `/api/fences/${f.id}`, body);
      expect([r.status, r.body.msg]).toEqual([400, 'Fence information has not been modified']);
    }
    expect((await call('PATCH', `/api/fences/${f.id}`, { schedule: null })).body.data.schedule).toBeNull();
    expect((await call('PATCH', `/api/fences/${f.id}`, { dwellS: 0 })).body.data.dwellS).toBe(0);
    expect((await call('POST', '/api/fences', { name: 'Plain', rule: 'leave', shape: square(FAR, 0.02) })).body.data).toMatchObject({ dwellS: 0, schedule: null });

    for (const [body, message] of [
      [{ dwellS: -1 }, 'validation.fenceDwellInvalid'],
      [{ dwellS: 86_401 }, 'validation.fenceDwellInvalid'],
      [{ dwellS: 1.5 }, 'validation.fenceDwellInvalid'],
      [{ dwellS: '60' }, 'validation.fenceDwellInvalid'],
      [{ schedule: [] }, 'validation.fenceScheduleInvalid'],
      [{ schedule: [{ days: [7], start: '08:00', end: '09:00' }] }, 'validation.fenceScheduleInvalid'],
      [{ schedule: [{ days: [1], start: '8:00', end: '09:00' }] }, 'validation.fenceScheduleInvalid'],
      [{ schedule: Array.from({ length: 29 }, () => ({ days: [1], start: '08:00', end: '09:00' })) }, 'validation.fenceScheduleInvalid'],
      [{ schedule: 'always' }, 'validation.fenceScheduleInvalid'],
    ] as const) {
      const created = await call('POST', '/api/fences', { name: 'Bad', rule: 'leave', shape: square(FAR, 0.03), ...body });
      const patched = await call('PATCH', `/api/fences/${f.id}`, body);
      for (const r of [created, patched]) {
        expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), 400, ServerCode.ParameterError]);
        expect(issuesOf(r.body)).toContain(message);
      }
    }
  });

  it('refuses a fence across the 180th meridian or over a pole with its own message, never a 500', async () => {
    const existing = (await call('POST', '/api/fences', { name: 'Pacific', rule: 'leave', shape: square({ lng: 179, lat: 0 }, 0.5) })).body.data;
    for (const shape of [
      { type: 'polygon', points: [{ lng: 179.5, lat: 0 }, { lng: -179.5, lat: 0 }, { lng: -179.5, lat: 1 }, { lng: 179.5, lat: 1 }] },
      { type: 'circle', center: { lng: 179.99, lat: 10 }, radius: 5_000 },
      { type: 'circle', center: { lng: 0, lat: 89.99 }, radius: 5_000 },
    ]) {
      for (const r of [await call('POST', '/api/fences', { name: 'Dateline', rule: 'stay', shape }), await call('PATCH', `/api/fences/${existing.id}`, { shape })]) {
        expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
        expect(issuesOf(r.body)).toEqual(['validation.fenceCrossesMeridian']);
      }
    }
  });

  it('counts covered members confirmed inside, and says whether each fence is active now', async () => {
    // member1 directly, member2 and member3 through Security; member2's own link is off.
    const f = (await call('POST', '/api/fences', { name: 'Counted', rule: 'leave', shape: square(HERE), userIds: [s.m1.id, s.m2.id], channelIds: [security] })).body.data;
    await call('PATCH', `/api/fences/${f.id}/users/${s.m2.id}`, { enabled: false });
    expect(await listed(f.id)).toMatchObject({ activeNow: true, insideCount: 0 });
    await report(s.m1, HERE);
    await report(s.m2, HERE);
    await report(s.m3, HERE);
    await report(s.m4, HERE); // not covered
    await settled();
    expect(await listed(f.id)).toMatchObject({ insideCount: 2 });
    expect((await call('GET', `/api/fences/${f.id}`)).body.data.insideCount).toBe(2);
    await report(s.m3, FAR);
    await settled();
    expect((await listed(f.id)).insideCount).toBe(1);
    await call('PATCH', `/api/fences/${f.id}/users/${s.m1.id}`, { enabled: false });
    expect((await listed(f.id)).insideCount).toBe(0);
    await call('PATCH', `/api/fences/${f.id}/users/${s.m1.id}`, { enabled: true }); // evaluated afresh: unknown again
    expect((await listed(f.id)).insideCount).toBe(0);
    await report(s.m1, HERE);
    await settled();
    expect((await listed(f.id)).insideCount).toBe(1);
    expect((await call('POST', `/api/fences/${f.id}/stop`)).body.data).toMatchObject({ activeNow: false, insideCount: 0 });
  });

  it("keeps the organisation's time zone: read, changed, refused when unknown; activeNow follows it", async () => {
    const read = async () => (await api<Enterprise>(t.app, 'GET', '/api/enterprise', s.superadmin.auth_token)).body.data;
    expect(enterpriseSchema.parse(await read()).timeZone).toBe('Asia/Shanghai');
    const f = (await call('POST', '/api/fences', { name: 'Paris hour', rule: 'stay', shape: square(FAR, 0.05), schedule: windowNow('Europe/Paris') })).body.data;
    expect(f.activeNow).toBe(false); // Shanghai is six or seven hours ahead of Paris
    const changed = await api<Enterprise>(t.app, 'PATCH', '/api/enterprise', s.superadmin.auth_token, { timeZone: 'Europe/Paris' });
    expect([changed.body.code, changed.body.data.timeZone]).toEqual([0, 'Europe/Paris']);
    expect((await listed(f.id)).activeNow).toBe(true);
    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), 8]) {
      const r = await api(t.app, 'PATCH', '/api/enterprise', s.superadmin.auth_token, { timeZone });
      expect([timeZone, r.status, r.body.code]).toEqual([timeZone, 400, ServerCode.ParameterError]);
      expect(issuesOf(r.body)).toContain('validation.timeZoneInvalid');
    }
    // Only the super admin changes it.
    expect((await api(t.app, 'PATCH', '/api/enterprise', s.dispatcher.auth_token, { timeZone: 'UTC' })).body.code).toBe(ServerCode.InsufficientPermissions);
    expect((await api<Enterprise>(t.app, 'PATCH', '/api/enterprise', s.superadmin.auth_token, { timeZone: 'Asia/Shanghai' })).body.data.timeZone).toBe('Asia/Shanghai');
    expect((await listed(f.id)).activeNow).toBe(false);
    // Another organisation keeps its own.
    expect((await api<Enterprise>(t.app, 'GET', '/api/enterprise', s.stranger.auth_token)).body.data.timeZone).toBe('UTC');
  });

  it("answers the organisation's own evaluation figures to staff", async () => {
    const mine = fenceEvaluationStatsSchema.parse(await stats());
    expect(mine.reports).toBeGreaterThanOrEqual(reports);
    expect(mine.evaluations).toBeGreaterThan(0);
    expect(mine.stateWrites).toBeGreaterThan(0);
    expect(mine.latency.counts).toHaveLength(mine.latency.boundsMs.length + 1);
    expect(mine.latency.counts.reduce((a, b) => a + b, 0)).toBe(mine.reports);
    const waited = mine.databaseLatency.counts.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThan(0); // the first reports of each member read and write states
    expect(waited).toBeLessThanOrEqual(mine.reports);
    expect(await stats(s.stranger)).toMatchObject({ reports: 0, evaluations: 0 });
    expect((await call('GET', '/api/diagnostics/fences', undefined, s.m1)).body.code).toBe(ServerCode.InsufficientPermissions);
    // A device's socket report counts too.
    member.send({ code: 0, topic: topics.location(DEMO_ENT_ID, s.m4.id), data: { ...HERE, coord: 0, time: (clock += 1_000) }, t: LOCATION_KIND });
    reports += 1;
    await settled();
    expect((await stats()).reports).toBe(mine.reports + 1);
  });
});
