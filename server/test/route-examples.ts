import { Role } from '@ptt/contracts';
import type { RouteDef } from '../src/http/route';
import { hashPassword } from '../src/auth/password';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';

// A valid request for every route and the ids it names, shared by the permission matrix and the
// token walks (access-tokens.test.ts): refusals then come from permissions, tenancy and tokens,
// never from bad input.

export interface Ids {
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

/** Params, a query string (routes whose query is required) and a body. */
type Example = (ids: Ids) => { params?: Record<string, string | number>; query?: string; body?: unknown };

/** A valid request per route, so refusals come from permissions and tenancy, not from bad input. */
export const EXAMPLES: Record<string, Example> = {
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
  'GET /api/channels/assignments/template': () => ({ query: 'layout=byChannel' }),
  'GET /api/channels/assignments/export': () => ({ query: 'layout=byUser' }),
  'POST /api/channels/assignments/import': () => ({ query: 'layout=byChannel' }),
  'POST /api/channels/assignments/check': () => ({ query: 'layout=byChannel' }),
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
export const PLAIN_QUERIES: Record<string, string> = { '/api/patrol/dashboard': '?from=2026-01-01&to=2026-01-07' };

export function requestFor(route: RouteDef, ids: Ids): { url: string; body: unknown } {
  const ex = EXAMPLES[`${route.method} ${route.url}`]?.(ids) ?? {};
  const values: Record<string, string | number> = {
    id: idFor(route.url, ids),
    userId: ids.member,
    blockedId: ids.other,
    ...ex.params,
  };
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => String(values[name]));
  const url = ex.query ? `${path}?${ex.query}` : path;
  const body = ex.body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  return { url, body };
}

export const ROLE_ACCOUNTS: [Role, string][] = [
  [Role.User, 'member1'],
  [Role.Dispatcher, 'dispatcher1'],
  [Role.Admin, 'admin'],
  [Role.SuperAdmin, 'superadmin'],
];

// Strings only enterprise 100001 holds: none may appear in an answer to another enterprise.
export const MARKERS = ['Demo Organisation', 'member2', 'Member 2', 'dispatcher2', 'Security', 'Logistics', 'Handset 0'];

export const ENT_TABLES = ['users', 'user_tags', 'user_blacklist', 'channels', 'channel_members', 'devices', 'device_logs', 'operation_logs', 'files', 'locations', 'latest_positions', 'sos_records', 'sos_events', 'messages', 'chat_reads', 'calls', 'fences', 'fence_users', 'fence_channels', 'fence_states', 'fence_alerts', 'notices', 'notice_recipients', 'client_packages', 'temp_channels', 'temp_channel_members', 'screen_displays', 'patrol_nodes', 'patrol_tasks', 'patrol_task_users', 'patrol_task_channels', 'patrol_runs', 'patrol_run_nodes', 'patrol_checkins'];

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


/** One digest per table of enterprise 100001's rows: equal digests, nothing changed. */
export async function snapshot(t: TestApp): Promise<Record<string, string>> {
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

/** The rows the examples name: a file, a fence, a temporary channel, a display and a patrol round. */
export async function exampleIds(t: TestApp, superToken: string): Promise<Ids> {
  const one = async (sql: string, params: (string | number)[]) => (await t.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  const user = await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member2']);
  const upload = await uploadFile<{ id: string }>(t.app, '/api/files', superToken, PNG_1PX, 'a.png');
  return {
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
}

/** A user made for a test (role 99: a super admin) in `entId`, logged in; returns the token. */
export async function extraUser(t: TestApp, account: string, role: number, entId = DEMO_ENT_ID): Promise<string> {
  await t.db.query('insert into users (ent_id, account, nickname, password_hash, role) values ($1, $2, $3, $4, $5)', [
    entId,
    account,
    account,
    await hashPassword(DEMO_PASSWORD),
    role,
  ]);
  return (await loginAs(t.app, account, entId)).auth_token;
}
