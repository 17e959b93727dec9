import {
  LOCATION_KIND,
  OperationType,
  PATROL_ALERT_KIND,
  PATROL_CHANGE_KIND,
  PATROL_SCAN_KIND,
  PATROL_SCAN_RESULT_KIND,
  dayOf,
  topics,
  type MyPatrol,
  type Page,
  type PatrolAlertFrame,
  type PatrolChangeFrame,
  type PatrolCheckin,
  type PatrolDashboard,
  type PatrolMember,
  type PatrolNode,
  type PatrolRun,
  type PatrolRunDetail,
  type PatrolScanResult,
  type PatrolTaskDetail,
  type Session,
} from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PATROL, SECOND_ENT_ID, seedPatrol } from '../src/seed/demo';
import { api, countOperations, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Patrol (ADR 029, issue 24): plan CRUD with refusals, permissions, tenant scope and operation
// records; runs started by hand with offsets of seconds; scans by REST and socket; GPS entries
// from location frames; overdue stops (a 200 ms tick); manual check-ins; records, members,
// dashboard, exports, deletion; scheduled runs made once.

const BASE = { lng: 116.397, lat: 39.909 };
const east = (m: number) => ({ lng: BASE.lng + m / 85_390, lat: BASE.lat });

describe.each(DB_KINDS)('patrol on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'dispatcher' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'stranger', Session>;
  let watcher: WsProbe;
  let device1: WsProbe;
  let device3: WsProbe;
  const nodes = {} as Record<'a' | 'b' | 'c' | 'd', PatrolNode>;

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, who: Session = s.admin) => api<T>(t.app, method, url, who.auth_token, body);
  const alerts = () => watcher.frames.filter((f) => f.t === PATROL_ALERT_KIND).map((f) => f.data as PatrolAlertFrame);
  const changes = () => watcher.frames.filter((f) => f.t === PATROL_CHANGE_KIND).map((f) => f.data as PatrolChangeFrame);
  const run = async (id: number) => (await call<PatrolRunDetail>('GET', `/api/patrol/runs/${id}`)).body.data;
  async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const task = async (name: string, stops: [PatrolNode, number][], extra: Record<string, unknown>) => {
    const res = await call<PatrolTaskDetail>('POST', '/api/patrol/tasks', { name, order: 'ordered', route: stops.map(([n, offsetS]) => ({ nodeId: n.id, offsetS, toleranceS: 60 })), lateS: 60, ...extra });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PATROL_TICK_MS: '200' } });
    const baseUrl = await t.listen();
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    for (const n of [1, 2, 3, 4, 5] as const) s[`m${n}`] = await loginAs(t.app, `member${n}`);
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    const open = async (session: Session) => {
      const p = await WsProbe.open(baseUrl, session.auth_token);
      await p.ping();
      return p;
    };
    watcher = await open(s.dispatcher);
    device1 = await open(s.m1);
    device3 = await open(s.m3);
  });
  afterAll(async () => {
    await Promise.all([watcher, device1, device3].filter(Boolean).map((p) => p.close()));
    await t?.close();
  });

  it('plans nodes: QR codes made by the server, refusals, permissions, tenant scope, operation records', async () => {
    const made = async (name: string, at: { lng: number; lat: number }, extra: Record<string, unknown> = {}) => {
      const res = await call<PatrolNode>('POST', '/api/patrol/nodes', { name, ...at, methods: ['gps', 'qr'], radiusM: 30, ...extra });
      expect(res.body.code).toBe(0);
      return res.body.data;
    };
    nodes.a = await made('Gate', east(0));
    nodes.b = await made('Store', east(500));
    nodes.c = await made('Tower', east(1000));
    nodes.d = await made('Vault', east(1500), { methods: ['nfc'], nfcTag: '04:A2:B3' });
    expect(nodes.a).toMatchObject({ coord: 0, radiusM: 30, repeatS: 300, enabled: true, taskCount: 0, nfcTag: null });
    expect(nodes.a.qrCode).toMatch(/^PT-[A-Z2-9]{10}$/);
    expect(new Set(Object.values(nodes).map((n) => n.qrCode)).size).toBe(4);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolNodeAdd)).toBe(4);

    expect((await call('POST', '/api/patrol/nodes', { name: 'gate', ...east(9), methods: ['qr'] })).body.data).toMatchObject({ reason: 'rule.patrolNodeNameExists' });
    const noTag = await call('POST', '/api/patrol/nodes', { name: 'Nfc', ...east(9), methods: ['nfc'] });
    expect([noTag.status, noTag.body.code, noTag.body.data]).toEqual([400, 2004, expect.objectContaining({ reason: 'rule.patrolNfcRequired' })]);
    const tagTaken = await call('POST', '/api/patrol/nodes', { name: 'Nfc', ...east(9), methods: ['nfc'], nfcTag: '04:a2:b3' });
    expect([tagTaken.status, tagTaken.body.code]).toEqual([409, 2000]);
    expect((await call('POST', '/api/patrol/nodes', { name: 'X', ...east(9), methods: ['qr'] }, s.dispatcher)).body.code).toBe(2001);
    expect((await call('GET', '/api/patrol/nodes', undefined, s.m1)).body.code).toBe(2001);

    const listed = await call<Page<PatrolNode>>('GET', '/api/patrol/nodes?sort=name&q=o', undefined, s.dispatcher);
    expect(listed.body.data.items.map((n) => n.name)).toEqual(['Store', 'Tower']);
    const notModified = await call('PATCH', `/api/patrol/nodes/${nodes.a.id}`, { name: 'Gate', radiusM: 30 });
    expect(notModified.body).toMatchObject({ code: 2004, data: { reason: 'rule.patrolNotModified' } });
    const renamed = await call<PatrolNode>('PATCH', `/api/patrol/nodes/${nodes.d.id}`, { repeatS: 0 });
    expect(renamed.body.data).toMatchObject({ repeatS: 0, qrCode: nodes.d.qrCode });
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolNodeUpdate)).toBe(1);

    // Another organisation's node is not found.
    const foreign = await t.db.query<{ id: number }>(
      `insert into patrol_nodes (ent_id, name, lng, lat, methods, qr_code) values ($1, 'Theirs', 0, 0, '["qr"]', 'PT-FOREIGN0001') returning id`,
      [SECOND_ENT_ID],
    );
    const theirs = foreign.rows[0]!.id;
    expect((await call('GET', `/api/patrol/nodes/${theirs}`)).status).toBe(404);
    expect((await call('PATCH', `/api/patrol/nodes/${theirs}`, { radiusM: 50 })).body.code).toBe(2012);
    expect((await call('DELETE', `/api/patrol/nodes/${theirs}`)).body.code).toBe(2012);
    expect((await call('POST', '/api/patrol/checkins', { method: 'qr', code: 'PT-FOREIGN0001' }, s.m1)).body).toMatchObject({ code: 2012, data: { reason: 'rule.patrolCodeUnknown' } });
  });

  it('plans tasks: route, schedule, members, refusals, node in use, start now', async () => {
    const round = await task('Round', [[nodes.a, 0], [nodes.b, 1], [nodes.c, 2]], { userIds: [s.m1.id] });
    expect(round).toMatchObject({ enabled: true, order: 'ordered', nodeCount: 3, plannedS: 2, userCount: 1, nextStart: null, lateS: 60 });
    expect(round.route.map((r) => [r.seq, r.name])).toEqual([[0, 'Gate'], [1, 'Store'], [2, 'Tower']]);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolTaskAdd)).toBe(1);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolMemberAssign)).toBe(1);

    expect((await call('POST', '/api/patrol/tasks', { name: 'round', order: 'free', route: [{ nodeId: nodes.a.id, offsetS: 0, toleranceS: 0 }] })).body).toMatchObject({
      code: 2000,
      data: { reason: 'rule.patrolTaskNameExists' },
    });
    expect((await call('POST', '/api/patrol/tasks', { name: 'Other', order: 'free', route: [{ nodeId: 999_999, offsetS: 0, toleranceS: 0 }] })).body.code).toBe(2012);
    expect((await call('PATCH', `/api/patrol/tasks/${round.id}`, { order: 'ordered' })).body.data).toMatchObject({ reason: 'rule.patrolNotModified' });
    expect((await call('DELETE', `/api/patrol/nodes/${nodes.a.id}`)).body).toMatchObject({ code: 2042, data: { reason: 'rule.patrolNodeInUse' } });
    expect((await call('PUT', `/api/patrol/tasks/${round.id}/members`, { userIds: [999_999], channelIds: [] })).body.code).toBe(2012);

    const scheduled = await call<PatrolTaskDetail>('PATCH', `/api/patrol/tasks/${round.id}`, { schedule: { days: [0, 1, 2, 3, 4, 5, 6], starts: ['12:00'] } });
    expect(scheduled.body.data.nextStart).toMatch(/T04:00:00.000Z$/); // 12:00 in Shanghai
    await call('PATCH', `/api/patrol/tasks/${round.id}`, { schedule: null, enabled: false });
    expect((await call('POST', `/api/patrol/tasks/${round.id}/start`)).body).toMatchObject({ code: 2042, data: { reason: 'rule.patrolTaskDisabled' } });
    await call('PATCH', `/api/patrol/tasks/${round.id}`, { enabled: true });
    expect((await call('POST', `/api/patrol/tasks/${round.id}/start`, undefined, s.dispatcher)).body.code).toBe(2001);
  });

  let roundRun: PatrolRun;
  it('judges scans (REST), GPS entries (socket) and skipped stops of an ordered run', async () => {
    const round = (await call<Page<{ id: number }>>('GET', '/api/patrol/tasks?q=Round')).body.data.items[0]!;
    const started = await call<PatrolRun>('POST', `/api/patrol/tasks/${round.id}/start`);
    expect(started.body.data).toMatchObject({ status: 'active', source: 'manual', startedBy: { id: s.admin.id }, total: 3, plannedS: 2 });
    roundRun = started.body.data;
    expect((await call('POST', `/api/patrol/tasks/${round.id}/start`)).body).toMatchObject({ code: 2000, data: { reason: 'rule.patrolRunActive' } });

    const mine = await call<MyPatrol>('GET', '/api/me/patrol', undefined, s.m1);
    expect(mine.body.data.map((r) => [r.id, r.nodes.length])).toEqual([[roundRun.id, 3]]);
    expect((await call<MyPatrol>('GET', '/api/me/patrol', undefined, s.m2)).body.data).toEqual([]);

    const scan = await call<PatrolCheckin>('POST', '/api/patrol/checkins', { method: 'qr', code: nodes.a.qrCode }, s.m1);
    expect(scan.body.data).toMatchObject({ result: 'onTime', method: 'qr', runId: roundRun.id, node: { id: nodes.a.id, name: 'Gate' }, user: { uid: s.m1.id } });
    expect((await call<PatrolCheckin>('POST', '/api/patrol/checkins', { method: 'qr', code: nodes.a.qrCode }, s.m1)).body.data).toMatchObject({ result: 'repeat', runId: null });
    expect((await call<PatrolCheckin>('POST', '/api/patrol/checkins', { method: 'qr', code: nodes.a.qrCode }, s.m2)).body.data).toMatchObject({ result: 'unplanned', runId: null });
    expect((await call('POST', '/api/patrol/checkins', { method: 'qr', code: nodes.d.qrCode }, s.m1)).body).toMatchObject({ code: 2004, data: { reason: 'rule.patrolMethodNotAllowed' } });

    // GPS: the member reaches the third stop first; the second is skipped (ordered route).
    device1.send({ code: 0, topic: topics.location(DEMO_ENT_ID, s.m1.id), data: { ...east(1005), coord: 0, time: Date.now() }, t: LOCATION_KIND });
    const skipped = await watcher.waitFor((f) => f.t === PATROL_ALERT_KIND && (f.data as PatrolAlertFrame).runId === roundRun.id, 'PatrolAlert');
    expect(skipped.data).toMatchObject({ reason: 'skipped', nodeName: 'Store', taskName: 'Round', members: [{ uid: s.m1.id }] });
    await until('the run to end', async () => (await run(roundRun.id)).status !== 'active');
    const detail = await run(roundRun.id);
    expect(detail).toMatchObject({ status: 'incomplete', onTime: 2, missed: 1, members: [{ uid: s.m1.id }], flag: null });
    expect(detail.nodes.map((n) => [n.name, n.result, n.checkedBy?.uid ?? null])).toEqual([
      ['Gate', 'onTime', s.m1.id],
      ['Store', 'missed', null],
      ['Tower', 'onTime', s.m1.id],
    ]);
    expect(detail.tracks).toEqual([{ uid: s.m1.id, points: [expect.objectContaining({ lng: east(1005).lng })] }]);
    const gps = await call<Page<PatrolCheckin>>('GET', `/api/patrol/checkins?method=gps&runId=${roundRun.id}`);
    expect(gps.body.data.items).toEqual([expect.objectContaining({ result: 'onTime', node: { id: nodes.c.id, name: 'Tower' }, lng: east(1005).lng })]);
    expect(changes().some((c) => c.what === 'run' && c.id === roundRun.id && c.run?.status === 'incomplete')).toBe(true);
  });

  it('answers a socket scan on the member topic, and refusals too', async () => {
    const free = await task('Free round', [[nodes.a, 0], [nodes.b, 0]], { order: 'free', userIds: [s.m3.id] });
    await call('POST', `/api/patrol/tasks/${free.id}/start`);
    device3.send({ code: 0, topic: topics.patrol(DEMO_ENT_ID, s.m3.id), data: { method: 'qr', code: nodes.b.qrCode, id: 'scan-1' }, t: PATROL_SCAN_KIND });
    const ok = await device3.waitFor((f) => f.t === PATROL_SCAN_RESULT_KIND && (f.data as PatrolScanResult).id === 'scan-1', 'PatrolScanResult');
    expect(ok.topic).toBe(topics.userListen(DEMO_ENT_ID, s.m3.id));
    expect(ok.data).toMatchObject({ ok: true, method: 'qr', result: 'onTime', nodeName: 'Store', reason: null });
    device3.send({ code: 0, topic: topics.patrol(DEMO_ENT_ID, s.m3.id), data: { method: 'qr', code: 'PT-NOPE', id: 'scan-2' }, t: PATROL_SCAN_KIND });
    const refused = await device3.waitFor((f) => f.t === PATROL_SCAN_RESULT_KIND && (f.data as PatrolScanResult).id === 'scan-2', 'refusal');
    expect(refused.data).toMatchObject({ ok: false, checkinId: null, result: null, reason: 'patrolCodeUnknown' });
  });

  it('marks overdue stops missed on the tick with a PatrolAlert, and ends the run missed', async () => {
    const late = await call<PatrolTaskDetail>('POST', '/api/patrol/tasks', {
      name: 'Late round', order: 'ordered', route: [{ nodeId: nodes.c.id, offsetS: 0, toleranceS: 0 }], lateS: 0, userIds: [s.m4.id],
    });
    const started = (await call<PatrolRun>('POST', `/api/patrol/tasks/${late.body.data.id}/start`)).body.data;
    const alert = await watcher.waitFor((f) => f.t === PATROL_ALERT_KIND && (f.data as PatrolAlertFrame).runId === started.id, 'overdue alert');
    expect(alert.data).toMatchObject({ reason: 'overdue', nodeName: 'Tower', lng: nodes.c.lng, members: [{ uid: s.m4.id }] });
    await until('the run to end', async () => (await run(started.id)).status === 'missed');
    expect(alerts().filter((a) => a.runId === started.id)).toHaveLength(1);
  });

  it('records manual check-ins for assigned members only', async () => {
    const radio = await task('Radio round', [[nodes.a, 0], [nodes.b, 600]], { order: 'free', userIds: [s.m5.id] });
    const started = (await call<PatrolRun>('POST', `/api/patrol/tasks/${radio.id}/start`)).body.data;
    const body = { userId: s.m2.id, nodeId: nodes.b.id, runId: started.id };
    expect((await call('POST', '/api/patrol/checkins/manual', body, s.dispatcher)).body).toMatchObject({ code: 2004, data: { reason: 'rule.patrolNotAssigned' } });
    expect((await call('POST', '/api/patrol/checkins/manual', body, s.m5)).body.code).toBe(2001);
    const done = await call<PatrolCheckin>('POST', '/api/patrol/checkins/manual', { ...body, userId: s.m5.id }, s.dispatcher);
    expect(done.body.data).toMatchObject({ method: 'manual', result: 'early', recordedBy: { id: s.dispatcher.id }, user: { uid: s.m5.id } });
    expect((await call('POST', '/api/patrol/checkins/manual', { ...body, userId: s.m5.id }, s.dispatcher)).body.data).toMatchObject({ reason: 'rule.patrolNodeNotPending' });
    expect((await call('POST', '/api/patrol/checkins/manual', { ...body, userId: s.m5.id, runId: roundRun.id }, s.dispatcher)).body.data).toMatchObject({ reason: 'rule.patrolRunEnded' });
    expect((await call('GET', `/api/patrol/runs/${started.id}`, undefined, s.stranger)).status).toBe(404);
  });

  it('lists runs, members and the dashboard', async () => {
    const ended = await call<Page<PatrolRun>>('GET', '/api/patrol/runs?status=incomplete');
    expect(ended.body.data.items.map((r) => r.id)).toEqual([roundRun.id]);
    const byUser = await call<Page<PatrolRun>>('GET', `/api/patrol/runs?userId=${s.m1.id}`);
    expect(byUser.body.data.total).toBe(1);
    const members = await call<Page<PatrolMember>>('GET', '/api/patrol/members?sort=account', undefined, s.dispatcher);
    expect(members.body.data.items.map((m) => m.account)).toEqual(['member1', 'member3', 'member4', 'member5']);
    const m5 = members.body.data.items.find((m) => m.account === 'member5')!;
    expect(m5).toMatchObject({ taskCount: 1, currentRun: { taskName: 'Radio round', done: 1, total: 2, missed: 0, nextNode: 'Gate' }, lastCheckin: { nodeName: 'Store', result: 'early' } });
    const m1 = members.body.data.items.find((m) => m.account === 'member1')!;
    expect(m1).toMatchObject({ currentRun: null, position: { lng: east(1005).lng } });
    expect((await call<Page<PatrolMember>>('GET', '/api/patrol/members?active=true')).body.data.items.map((m) => m.account)).toEqual(['member3', 'member5']);

    const today = dayOf('Asia/Shanghai', Date.now());
    const dash = await call<PatrolDashboard>('GET', `/api/patrol/dashboard?from=${today}&to=${today}`, undefined, s.dispatcher);
    expect(dash.body.data).toMatchObject({ timeZone: 'Asia/Shanghai', from: today, to: today });
    expect(dash.body.data.totals).toMatchObject({ runs: 4, incomplete: 1, missedRuns: 1, active: 2, complete: 0, missed: 2, checkins: 6, onTime: 3, early: 1, completionRate: 0 });
    expect(dash.body.data.today).toEqual(dash.body.data.totals);
    expect(dash.body.data.days).toHaveLength(1);
    expect(dash.body.data.members[0]).toMatchObject({ uid: s.m1.id, checkins: 3, onTime: 2 });
    expect((await call('GET', '/api/patrol/dashboard?from=2026-01-01&to=2026-03-01')).status).toBe(400);
  });

  it('exports runs and check-ins as CSV', async () => {
    const runs = await t.app.inject({ method: 'GET', url: '/api/patrol/runs/export?format=csv&status=incomplete', headers: { authorization: `Bearer ${s.admin.auth_token}` } });
    expect(runs.headers['content-type']).toMatch(/text\/csv/);
    expect(runs.body.split('\n')[0]).toContain('Run ID');
    expect(runs.body).toContain('Round');
    expect(runs.body.trim().split('\n')).toHaveLength(2);
    const checkins = await t.app.inject({ method: 'GET', url: `/api/patrol/checkins/export?format=csv&userId=${s.m1.id}`, headers: { authorization: `Bearer ${s.admin.auth_token}` } });
    expect(checkins.body.trim().split('\n')).toHaveLength(4);
    expect(checkins.body).toContain('Tower');
  });

  it('deletes records: a check-in of a run under way puts its stop back; runs with their check-ins', async () => {
    const radio = (await call<Page<PatrolRun>>('GET', '/api/patrol/runs?q=Radio')).body.data.items[0]!;
    const checkin = (await call<Page<PatrolCheckin>>('GET', `/api/patrol/checkins?runId=${radio.id}`)).body.data.items[0]!;
    expect((await call('POST', '/api/patrol/records/delete', { checkinIds: [checkin.id] }, s.dispatcher)).body.code).toBe(2001);
    expect((await call('POST', '/api/patrol/records/delete', { runIds: [999_999] })).body.code).toBe(2012);
    const gone = await call('POST', '/api/patrol/records/delete', { checkinIds: [checkin.id] });
    expect(gone.body.data).toEqual({ runIds: [], checkinIds: [checkin.id] });
    expect((await run(radio.id)).nodes.map((n) => n.result)).toEqual(['pending', 'pending']);
    expect((await call('POST', '/api/patrol/records/delete', { runIds: [roundRun.id] })).body.code).toBe(0);
    expect((await call('GET', `/api/patrol/runs/${roundRun.id}`)).status).toBe(404);
    expect((await call<Page<PatrolCheckin>>('GET', `/api/patrol/checkins?runId=${roundRun.id}`)).body.data.total).toBe(0);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolLogDelete)).toBe(2);
  });

  it('makes a scheduled start once, whatever ticks run', async () => {
    const now = new Date(Date.now() + 8 * 3_600_000); // Shanghai wall clock
    const hhmm = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    const sched = await task('Scheduled round', [[nodes.a, 0]], { schedule: { days: [0, 1, 2, 3, 4, 5, 6], starts: [hhmm] } });
    await t.db.query(`update patrol_tasks set created_at = now() - interval '1 hour' where id = $1`, [sched.id]);
    await Promise.all([t.deps.patrolTick.run(), t.deps.patrolTick.run()]);
    await t.deps.patrolTick.run();
    const made = await call<Page<PatrolRun>>('GET', `/api/patrol/runs?taskId=${sched.id}`);
    expect(made.body.data.items.map((r) => r.source)).toEqual(['schedule']);
    expect((await call('DELETE', `/api/patrol/tasks/${sched.id}`)).body.code).toBe(0);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.PatrolTaskDelete)).toBe(1);
  });

  it('seeds the demo patrol only when asked', async () => {
    const count = async () => (await t.db.query<{ n: number }>(`select count(*)::int as n from patrol_tasks where name = 'Yard round'`)).rows[0]!.n;
    expect(await count()).toBe(0);
    const users = await t.db.query<{ id: number; account: string }>('select id, account from users where ent_id = $1', [DEMO_ENT_ID]);
    await t.db.transaction((tx) => seedPatrol(tx, DEMO_ENT_ID, DEMO_PATROL, s.admin.id, new Map(users.rows.map((u) => [u.account, u.id]))));
    const yard = (await call<Page<PatrolTaskDetail>>('GET', '/api/patrol/tasks?q=Yard')).body.data.items[0]!;
    const detail = (await call<PatrolTaskDetail>('GET', `/api/patrol/tasks/${yard.id}`)).body.data;
    expect(detail).toMatchObject({ order: 'ordered', lateS: 120, nodeCount: 4, plannedS: 360, users: [{ account: 'member1' }, { account: 'member2' }] });
    expect(detail.schedule?.starts).toHaveLength(48);
    expect(detail.route.map((r) => [r.offsetS, r.toleranceS])).toEqual([[0, 60], [120, 60], [240, 60], [360, 60]]);
  });
});
