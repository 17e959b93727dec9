import { PERMISSIONS, Role, ServerCode } from '@ptt/contracts';
import { routeAction, type RouteDef } from '../src/http/route';
import { hashPassword } from '../src/auth/password';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Walks the whole matrix: every endpoint x every role, without a token, and with a super admin
// token of another enterprise aimed at this enterprise's ids. Forbidden cases are refused,
// nothing leaks, nothing changes.

interface Ids {
  user: number;
  other: number;
  channel: number;
  member: number;
  device: number;
  file: string;
  fence: number;
  tempChannel: number;
  display: number;
  patrolNode: number;
  patrolTask: number;
  patrolRun: number;
  patrolCheckin: number;
}

type Example = (ids: Ids) => { params?: Record<string, string | number>; body?: unknown };

/** A valid request per route, so refusals come from permissions and tenancy, not from bad input. */
const EXAMPLES: Record<string, Example> = {
  'PATCH /api/enterprise': () => ({ body: { maxChannels: 7 } }),
  'POST /api/users': (ids) => ({ body: { account: 'intruder', nickname: 'Intruder', password: 'secret1', dispatcherId: ids.other, channelIds: [ids.channel] } }),
  'PATCH /api/users/:id': () => ({ body: { nickname: 'Changed' } }),
  'POST /api/users/:id/password': () => ({ body: { password: 'changed1' } }),
  'PUT /api/users/:id/tags': () => ({ body: { tags: ['x'] } }),
  'POST /api/users/:id/blacklist': (ids) => ({ body: { userId: ids.other } }),
  'PATCH /api/me': () => ({ body: { nickname: 'Changed' } }),
  'POST /api/auth/password': () => ({ body: { oldPassword: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbb', captchaId: 'x', captcha: 'y' } }),
  'POST /api/channels': (ids) => ({ body: { name: 'Intruders', memberIds: [ids.user] } }),
  'PATCH /api/channels/:id': () => ({ body: { name: 'Renamed' } }),
  'POST /api/channels/:id/members': (ids) => ({ body: { members: [{ userId: ids.other }] } }),
  'PATCH /api/channels/:id/members/:userId': () => ({ body: { level: 3 } }),
  'POST /api/devices': (ids) => ({ body: { name: 'Intruder phone', platform: 'android', dispatcherId: ids.other } }),
  'POST /api/devices/batch-activate': (ids) => ({ body: { items: [{ deviceId: ids.device, uid: ids.user }] } }),
  'PATCH /api/devices/:id': () => ({ body: { name: 'Renamed' } }),
  'PUT /api/devices/:id/status': () => ({ body: { status: 'disabled' } }),
  'POST /api/devices/:id/activate': (ids) => ({ body: { uid: ids.user } }),
  'POST /api/devices/:id/reactivate': (ids) => ({ body: { uid: ids.user } }),
  'POST /api/devices/:id/assign': (ids) => ({ body: { uid: ids.user } }),
  'POST /api/locations': () => ({ body: { lng: 116.4, lat: 39.9, coord: 1, time: Date.now() } }),
  'POST /api/sos': () => ({ body: { lng: 116.4, lat: 39.9, coord: 0 } }),
  'POST /api/sos/:id/close': () => ({ body: { note: 'Handled' } }),
  'PUT /api/sos/settings': () => ({ body: { escalateAfterS: 30, embedOrigins: ['https://portal.example.com'] } }),
  'POST /api/auth/embed': () => ({ body: { origin: 'https://portal.example.com' } }),
  'POST /api/calls': (ids) => ({ body: { calleeId: ids.user } }),
  'POST /api/calls/:id/reject': () => ({ body: { busy: true } }),
  'POST /api/chats/:chatId/messages': (ids) => ({ params: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` }, body: { type: 0, content: { text: 'hello' } } }),
  'GET /api/chats/:chatId/messages': (ids) => ({ params: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` } }),
  'POST /api/chats/:chatId/read': (ids) => ({ params: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` }, body: {} }),
  'POST /api/users/:id/messages': () => ({ body: { type: 0, content: { text: 'hello' } } }),
  'POST /api/devices/:id/commands': () => ({ body: { command: 3 } }),
  'GET /api/commands/:commandId': () => ({ params: { commandId: 1 } }),
  'POST /api/fences': (ids) => ({ body: { name: 'Intruder fence', rule: 'leave', shape: { type: 'circle', center: { lng: 116.4, lat: 39.9 }, radius: 500 }, userIds: [ids.user], channelIds: [ids.channel] } }),
  'PATCH /api/fences/:id': () => ({ body: { name: 'Renamed fence' } }),
  'POST /api/fences/:id/users': (ids) => ({ body: { userIds: [ids.other] } }),
  'PATCH /api/fences/:id/users/:userId': () => ({ body: { enabled: false } }),
  'POST /api/fences/:id/channels': (ids) => ({ body: { channelIds: [ids.channel] } }),
  'PATCH /api/fences/:id/channels/:channelId': (ids) => ({ params: { channelId: ids.channel }, body: { enabled: false } }),
  'DELETE /api/fences/:id/channels/:channelId': (ids) => ({ params: { channelId: ids.channel } }),
  'POST /api/notices': () => ({ body: { title: 'Intruder notice', body: 'Hello' } }),
  'PUT /api/notices/:id': () => ({ body: { title: 'Renamed notice', body: '' } }),
  'POST /api/notices/:id/send': (ids) => ({ body: { channelIds: [ids.channel], userIds: [ids.other] } }),
  'POST /api/temp-channels': (ids) => ({ body: { userIds: [ids.user, ids.other] } }),
  'DELETE /api/temp-channels/:id': (ids) => ({ params: { id: ids.tempChannel } }),
  'POST /api/ptt/floor': (ids) => ({ body: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` } }),
  'POST /api/ptt/floor/release': (ids) => ({ body: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` } }),
  'GET /api/ptt/recent/:chatId': (ids) => ({ params: { chatId: `${DEMO_ENT_ID}-1-${ids.channel}` } }),
  'POST /api/ptt/patches': (ids) => ({ body: { channelIds: [ids.channel, ids.channel + 1] } }),
  'POST /api/ptt/allcall': (ids) => ({ body: { chatIds: [`${DEMO_ENT_ID}-1-${ids.channel}`, `${DEMO_ENT_ID}-1-${ids.channel + 1}`] } }),
  'POST /api/ptt/allcall/release': () => ({ body: { callId: 'no-such-call' } }),
  'PUT /api/me/watched-channels': (ids) => ({ body: { channels: [{ channelId: ids.channel, volume: 80, muted: false, pan: 'centre' }] } }),
  'POST /api/screen/displays': () => ({ body: { name: 'Intruder wall', code: '123456' } }),
  'PUT /api/screen/displays/:id': () => ({ body: { name: 'Renamed wall' } }),
  'POST /api/patrol/nodes': () => ({ body: { name: 'Intruder node', lng: 116.4, lat: 39.9, methods: ['qr'] } }),
  'PATCH /api/patrol/nodes/:id': () => ({ body: { radiusM: 55 } }),
  'POST /api/patrol/tasks': (ids) => ({ body: { name: 'Intruder task', order: 'free', route: [{ nodeId: ids.patrolNode, offsetS: 0, toleranceS: 60 }], userIds: [ids.user] } }),
  'PATCH /api/patrol/tasks/:id': () => ({ body: { lateS: 30 } }),
  'PUT /api/patrol/tasks/:id/members': (ids) => ({ body: { userIds: [ids.other], channelIds: [ids.channel] } }),
  'POST /api/patrol/checkins': () => ({ body: { method: 'qr', code: 'PT-PERMS000001' } }),
  'POST /api/patrol/checkins/manual': (ids) => ({ body: { userId: ids.member, nodeId: ids.patrolNode, runId: ids.patrolRun } }),
  'POST /api/patrol/records/delete': (ids) => ({ body: { runIds: [ids.patrolRun], checkinIds: [ids.patrolCheckin] } }),
};

/** The id a route's `:id` names, by the route's collection. */
function idFor(url: string, ids: Ids): number | string {
  const byPrefix: [string, number | string][] = [
    ['/api/channels', ids.channel],
    ['/api/devices', ids.device],
    ['/api/files', ids.file],
    ['/api/fences', ids.fence],
    ['/api/screen/displays', ids.display],
    ['/api/patrol/nodes', ids.patrolNode],
    ['/api/patrol/tasks', ids.patrolTask],
    ['/api/patrol/runs', ids.patrolRun],
  ];
  return byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? ids.user;
}

/** Reads whose query is required: the plain read gets this one. */
const PLAIN_QUERIES: Record<string, string> = { '/api/patrol/dashboard': '?from=2026-01-01&to=2026-01-07' };

function requestFor(route: RouteDef, ids: Ids): { url: string; body: unknown } {
  const ex = EXAMPLES[`${route.method} ${route.url}`]?.(ids) ?? {};
  const values: Record<string, string | number> = {
    id: idFor(route.url, ids),
    userId: ids.member,
    blockedId: ids.other,
    ...ex.params,
  };
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => String(values[name]));
  const body = ex.body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  return { url, body };
}

const ROLE_ACCOUNTS: [Role, string][] = [
  [Role.User, 'member1'],
  [Role.Dispatcher, 'dispatcher1'],
  [Role.Admin, 'admin'],
  [Role.SuperAdmin, 'superadmin'],
];

// Strings only enterprise 100001 holds: none may appear in an answer to another enterprise.
const MARKERS = ['Demo Organisation', 'member2', 'Member 2', 'dispatcher2', 'Security', 'Logistics', 'Handset 0'];

const ENT_TABLES = ['users', 'user_tags', 'user_blacklist', 'channels', 'channel_members', 'devices', 'device_logs', 'operation_logs', 'files', 'locations', 'latest_positions', 'sos_records', 'sos_events', 'messages', 'chat_reads', 'calls', 'fences', 'fence_users', 'fence_channels', 'fence_states', 'fence_alerts', 'notices', 'notice_recipients', 'client_packages', 'temp_channels', 'temp_channel_members', 'screen_displays', 'patrol_nodes', 'patrol_tasks', 'patrol_task_users', 'patrol_task_channels', 'patrol_runs', 'patrol_run_nodes', 'patrol_checkins'];

type One = (sql: string, params: (string | number)[]) => Promise<number>;

/** A node on a task's route patrolled by member1, a run of it and a check-in (ADR 029). */
async function patrolIds(one: One): Promise<Pick<Ids, 'patrolNode' | 'patrolTask' | 'patrolRun' | 'patrolCheckin'>> {
  const patrolNode = await one(
    `insert into patrol_nodes (ent_id, name, lng, lat, methods, qr_code) values ($1, 'Checkpoint', 116.4, 39.9, '["gps","qr"]', 'PT-PERMS000001') returning id`,
    [DEMO_ENT_ID],
  );
  const patrolTask = await one(`insert into patrol_tasks (ent_id, name, route_order) values ($1, 'Perimeter round', 'free') returning id`, [DEMO_ENT_ID]);
  await one('insert into patrol_task_nodes (task_id, seq, node_id, offset_s, tolerance_s) values ($1, 0, $2, 0, 60) returning task_id', [patrolTask, patrolNode]);
  await one(`insert into patrol_task_users (task_id, user_id, ent_id) select $1, id, ent_id from users where ent_id = $2 and account = 'member1' returning task_id`, [patrolTask, DEMO_ENT_ID]);
  const patrolRun = await one(
    `insert into patrol_runs (ent_id, task_id, task_name, route_order, late_s, source, planned_start, deadline, total, planned_s)
     values ($1, $2, 'Perimeter round', 'free', 900, 'schedule', now(), now() + interval '1 day', 1, 0) returning id`,
    [DEMO_ENT_ID, patrolTask],
  );
  await one(
    `insert into patrol_run_nodes (run_id, seq, ent_id, node_id, name, lng, lat, radius_m, planned_at, tolerance_s)
     values ($1, 0, $2, $3, 'Checkpoint', 116.4, 39.9, 30, now() + interval '12 hours', 60) returning run_id`,
    [patrolRun, DEMO_ENT_ID, patrolNode],
  );
  const patrolCheckin = await one(
    `insert into patrol_checkins (ent_id, user_id, node_id, node_name, checked_at, method, result)
     select $1, id, $2, 'Checkpoint', now(), 'qr', 'unplanned' from users where ent_id = $1 and account = 'member1' returning id`,
    [DEMO_ENT_ID, patrolNode],
  );
  return { patrolNode, patrolTask, patrolRun, patrolCheckin };
}

describe.each(DB_KINDS)('permission matrix on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const tokens = new Map<Role, string>();
  let boss2 = '';
  const routes = allRoutes;
  // 'screen' routes (ADR 026) are checked against screen.read for console sessions.
  const guarded = routes.filter((r) => routeAction(r.auth) !== null);

  /** One digest per table of enterprise 100001's rows. */
  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const table of ['enterprises', ...ENT_TABLES]) {
      const where = table === 'enterprises' ? 'x.id = $1' : 'x.ent_id = $1';
      const r = await t.db.query<{ h: string }>(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x where ${where}`,
        [DEMO_ENT_ID],
      );
      out[table] = r.rows[0]!.h;
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [role, account] of ROLE_ACCOUNTS) tokens.set(role, (await loginAs(t.app, account)).auth_token);
    await t.db.query('insert into users (ent_id, account, nickname, password_hash, role) values ($1, $2, $3, $4, 99)', [
      SECOND_ENT_ID,
      'boss2',
      'Boss Two',
      await hashPassword(DEMO_PASSWORD),
    ]);
    boss2 = (await loginAs(t.app, 'boss2', SECOND_ENT_ID)).auth_token;
    const one = async (sql: string, params: (string | number)[]) => (await t.db.query<{ id: number }>(sql, params)).rows[0]!.id;
    const user = await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member2']);
    const upload = await uploadFile<{ id: string }>(t.app, '/api/files', tokens.get(Role.SuperAdmin)!, PNG_1PX, 'a.png');
    ids = {
      user,
      other: await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member3']),
      channel: await one('select id from channels where ent_id = $1 and name = $2', [DEMO_ENT_ID, 'Security']),
      member: await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member1']),
      device: await one('select id from devices where ent_id = $1 and user_id = $2', [DEMO_ENT_ID, user]),
      file: upload.body.data.id,
      fence: await one(`insert into fences (ent_id, name, rule, shape) values ($1, 'Perimeter', 'leave', '{"type":"circle","center":{"lng":116.4,"lat":39.9},"radius":300}') returning id`, [DEMO_ENT_ID]),
      tempChannel: await one('insert into temp_channels (ent_id, created_by) select ent_id, id from users where ent_id = $1 and account = $2 returning id', [DEMO_ENT_ID, 'dispatcher2']),
      display: await one(`insert into screen_displays (ent_id, name, layout) values ($1, 'Lobby', '{"map":true,"left":[],"right":[]}') returning id`, [DEMO_ENT_ID]),
      ...(await patrolIds(one)),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a valid example for every route with a body', () => {
    const missing = routes.filter((r) => r.body && r.auth !== 'public' && !EXAMPLES[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses every role the matrix does not allow with 2001, and changes nothing', async () => {
    const before = await snapshot();
    const refusals: string[] = [];
    for (const route of guarded) {
      const allowed = PERMISSIONS[routeAction(route.auth)!] as readonly number[];
      for (const [role] of ROLE_ACCOUNTS) {
        if (allowed.includes(role)) continue;
        const { url, body } = requestFor(route, ids);
        const r = await api(t.app, route.method, url, tokens.get(role)!, body);
        if (r.status !== 403 || r.body.code !== ServerCode.InsufficientPermissions || r.body.msg !== 'Insufficient permissions') {
          refusals.push(`${route.method} ${route.url} as role ${role}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets every allowed role past the matrix (the answer is never the matrix refusal for a plain read)', async () => {
    const reads = guarded.filter((r) => r.method === 'GET' && !r.url.includes(':'));
    for (const route of reads) {
      for (const role of PERMISSIONS[routeAction(route.auth)!] as readonly Role[]) {
        const res = await t.app.inject({ method: 'GET', url: route.url + (PLAIN_QUERIES[route.url] ?? ''), headers: { authorization: `Bearer ${tokens.get(role)!}` } });
        // Downloads answer with their content (or 400 when a required query is missing); reads
        // with code 0. Never the matrix refusal.
        const outcome = route.raw ? res.statusCode : res.json<{ code: number }>().code;
        const fine = route.raw ? [200, 400] : [0];
        expect({ url: route.url, role, fine: fine.includes(outcome) }).toEqual({ url: route.url, role, fine: true });
      }
    }
  });

  it('answers 10000 to every non-public route without a token, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      const { url, body } = requestFor(route, ids);
      const r = await api(t.app, route.method, url, null, body);
      expect([route.method, route.url, r.status, r.body.code]).toEqual([route.method, route.url, 401, ServerCode.AuthorizationFailed]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("never lets another enterprise's super admin see or change this enterprise", async () => {
    const before = await snapshot();
    const problems: string[] = [];
    // Logout and password change act on the caller's own session only; they are walked last-free.
    const walk = routes.filter((r) => r.auth !== 'public' && !r.url.startsWith('/api/auth/'));
    for (const route of walk) {
      const { url, body } = requestFor(route, ids);
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${boss2}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const text = res.body;
      const leaked = MARKERS.filter((m) => text.includes(m));
      if (leaked.length) problems.push(`${route.method} ${route.url} leaked ${leaked.join(', ')}`);
      if (url !== route.url) {
        // The id belongs to 100001: the answer is "not found", never success.
        const code = res.json<{ code: number }>().code;
        // A chat id names its enterprise: another enterprise's is a wrong chat id (2008), which the
        // caller can tell from the id itself, so it leaks nothing.
        const expected: number[] = [ServerCode.NotFound, ServerCode.ChannelNotFound, ...(route.url.includes(':chatId') ? [ServerCode.ChatIdError] : [])];
        if (!expected.includes(code)) {
          problems.push(`${route.method} ${route.url} answered ${code} for another enterprise's id`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Still the same session: nothing above logged boss2 out, so the walk really ran as a super admin.
    expect((await api(t.app, 'GET', '/api/auth/me', boss2)).body.code).toBe(0);
  });
});
