import type {
  Page,
  PatrolMethod,
  PatrolNode,
  PatrolNodeListQuery,
  PatrolOrder,
  PatrolSchedule,
  PatrolTask,
  PatrolTaskDetail,
  PatrolTaskListQuery,
  PatrolTaskNode,
} from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

// SQL of patrol nodes and tasks (the plan). Every function takes the enterprise id, or an id the
// service has already found in the caller's enterprise.

export const jsonIds = (ids: readonly number[]) => JSON.stringify(ids);

// ---------------------------------------------------------------------------------------------
// Nodes

const NODE_COLUMNS = `n.id, n.name, n.enabled, n.lng, n.lat, n.methods, n.radius_m as "radiusM", n.qr_code as "qrCode",
  n.nfc_tag as "nfcTag", n.repeat_s as "repeatS",
  (select count(distinct x.task_id)::int from patrol_task_nodes x where x.node_id = n.id) as "taskCount",
  ${iso('n.created_at')} as "createdAt", ${iso('n.updated_at')} as "updatedAt"`;
const NODE_SORTS: Record<string, string> = { id: 'n.id', name: 'lower(n.name)', createdAt: 'n.created_at', updatedAt: 'n.updated_at' };

const toNode = (row: Omit<PatrolNode, 'coord'>): PatrolNode => ({ ...row, coord: 0 });

export interface NodeFields {
  name: string;
  lng: number;
  lat: number;
  methods: PatrolMethod[];
  radiusM: number;
  nfcTag: string | null;
  repeatS: number;
  enabled: boolean;
}

export async function listNodes(q: Queryable, entId: number, query: PatrolNodeListQuery): Promise<Page<PatrolNode>> {
  const w = new Where().add('n.ent_id = ?', entId);
  if (query.q) w.add('(n.name ilike ? or n.id::text = ? or n.qr_code = ? or n.nfc_tag ilike ?)', Where.contains(query.q), query.q, query.q, Where.contains(query.q));
  if (query.enabled !== undefined) w.add('n.enabled = ?', query.enabled);
  if (query.taskId) w.add('exists (select 1 from patrol_task_nodes x where x.node_id = n.id and x.task_id = ?)', query.taskId);
  const page = await fetchPage<Omit<PatrolNode, 'coord'>>(q, { columns: NODE_COLUMNS, from: 'patrol_nodes n', where: w, sortColumns: NODE_SORTS, tieBreak: 'n.id', page: query });
  return { ...page, items: page.items.map(toNode) };
}

export async function findNode(q: Queryable, entId: number, id: number, lock = false): Promise<PatrolNode | null> {
  const r = await q.query<Omit<PatrolNode, 'coord'>>(`select ${NODE_COLUMNS} from patrol_nodes n where n.ent_id = $1 and n.id = $2${lock ? ' for update' : ''}`, [entId, id]);
  return r.rows[0] ? toNode(r.rows[0]) : null;
}

/** The node a scanned QR code or NFC tag names (tags compare case-insensitively). */
export async function nodeByCode(q: Queryable, entId: number, method: 'qr' | 'nfc', code: string): Promise<PatrolNode | null> {
  const where = method === 'qr' ? 'n.qr_code = $2' : 'lower(n.nfc_tag) = lower($2)';
  const r = await q.query<Omit<PatrolNode, 'coord'>>(`select ${NODE_COLUMNS} from patrol_nodes n where n.ent_id = $1 and ${where}`, [entId, code]);
  return r.rows[0] ? toNode(r.rows[0]) : null;
}

export async function nodeNameTaken(q: Queryable, entId: number, name: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query('select 1 from patrol_nodes where ent_id = $1 and lower(name) = lower($2) and id <> $3', [entId, name, exceptId ?? 0]);
  return r.rows.length > 0;
}

export async function nfcTaken(q: Queryable, entId: number, tag: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query('select 1 from patrol_nodes where ent_id = $1 and lower(nfc_tag) = lower($2) and id <> $3', [entId, tag, exceptId ?? 0]);
  return r.rows.length > 0;
}

export async function insertNode(q: Queryable, entId: number, byUserId: number, n: NodeFields, qrCode: string): Promise<number> {
  const r = await q.query<{ id: number }>(
    `insert into patrol_nodes (ent_id, name, enabled, lng, lat, methods, radius_m, qr_code, nfc_tag, repeat_s, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $11) returning id`,
    [entId, n.name, n.enabled, n.lng, n.lat, JSON.stringify(n.methods), n.radiusM, qrCode, n.nfcTag, n.repeatS, byUserId],
  );
  return r.rows[0]!.id;
}

export async function updateNode(q: Queryable, id: number, byUserId: number, n: NodeFields): Promise<void> {
  await q.query(
    `update patrol_nodes set name = $2, enabled = $3, lng = $4, lat = $5, methods = $6::jsonb, radius_m = $7, nfc_tag = $8, repeat_s = $9,
            updated_by = $10, updated_at = now() where id = $1`,
    [id, n.name, n.enabled, n.lng, n.lat, JSON.stringify(n.methods), n.radiusM, n.nfcTag, n.repeatS, byUserId],
  );
}

export async function deleteNode(q: Queryable, id: number): Promise<void> {
  await q.query('delete from patrol_nodes where id = $1', [id]);
}

/** Which of these ids are nodes of the enterprise. */
export async function existingNodes(q: Queryable, entId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const r = await q.query<{ id: number }>('select id from patrol_nodes where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb))', [entId, jsonIds(ids)]);
  return new Set(r.rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------
// Tasks

const TASK_COLUMNS = `t.id, t.name, t.enabled, t.route_order as "order", t.late_s as "lateS", t.schedule,
  (select count(*)::int from patrol_task_nodes x where x.task_id = t.id) as "nodeCount",
  (select coalesce(max(x.offset_s), 0)::int from patrol_task_nodes x where x.task_id = t.id) as "plannedS",
  (select count(*)::int from patrol_task_users x where x.task_id = t.id) as "userCount",
  (select count(*)::int from patrol_task_channels x where x.task_id = t.id) as "channelCount",
  ${iso('t.created_at')} as "createdAt", ${iso('t.updated_at')} as "updatedAt"`;
const TASK_SORTS: Record<string, string> = { id: 't.id', name: 'lower(t.name)', createdAt: 't.created_at', updatedAt: 't.updated_at' };

/** A task as stored; the service adds `nextStart` (it depends on now and the time zone). */
export type StoredTask = Omit<PatrolTask, 'nextStart'>;

/** Users assigned to a task directly or through a channel: `(task_id, user_id)` rows. */
export const ASSIGNED = `(select x.task_id, x.user_id from patrol_task_users x
  union select c.task_id, m.user_id from patrol_task_channels c join channel_members m on m.channel_id = c.channel_id)`;

export function listTasks(q: Queryable, entId: number, query: PatrolTaskListQuery): Promise<Page<StoredTask>> {
  const w = new Where().add('t.ent_id = ?', entId);
  if (query.q) w.add('(t.name ilike ? or t.id::text = ?)', Where.contains(query.q), query.q);
  if (query.enabled !== undefined) w.add('t.enabled = ?', query.enabled);
  if (query.userId) w.add(`t.id in (select a.task_id from ${ASSIGNED} a where a.user_id = ?)`, query.userId);
  if (query.nodeId) w.add('exists (select 1 from patrol_task_nodes x where x.task_id = t.id and x.node_id = ?)', query.nodeId);
  return fetchPage<StoredTask>(q, { columns: TASK_COLUMNS, from: 'patrol_tasks t', where: w, sortColumns: TASK_SORTS, tieBreak: 't.id', page: query });
}

export async function findTask(q: Queryable, entId: number, id: number): Promise<StoredTask | null> {
  const r = await q.query<StoredTask>(`select ${TASK_COLUMNS} from patrol_tasks t where t.ent_id = $1 and t.id = $2`, [entId, id]);
  return r.rows[0] ?? null;
}

export interface LockedTask {
  id: number;
  name: string;
  enabled: boolean;
  order: PatrolOrder;
  lateS: number;
  schedule: PatrolSchedule;
}

/** Locks the task row until the transaction ends, so concurrent changes (and starts) queue up. */
export async function lockTask(q: Queryable, entId: number, id: number): Promise<LockedTask | null> {
  const r = await q.query<LockedTask>(
    'select id, name, enabled, route_order as "order", late_s as "lateS", schedule from patrol_tasks where ent_id = $1 and id = $2 for update',
    [entId, id],
  );
  return r.rows[0] ?? null;
}

export async function taskNameTaken(q: Queryable, entId: number, name: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query('select 1 from patrol_tasks where ent_id = $1 and lower(name) = lower($2) and id <> $3', [entId, name, exceptId ?? 0]);
  return r.rows.length > 0;
}

const scheduleParam = (s: PatrolSchedule) => (s === null ? null : JSON.stringify(s));

export async function insertTask(q: Queryable, entId: number, byUserId: number, t: Omit<LockedTask, 'id'>): Promise<number> {
  const r = await q.query<{ id: number }>(
    `insert into patrol_tasks (ent_id, name, enabled, route_order, late_s, schedule, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7) returning id`,
    [entId, t.name, t.enabled, t.order, t.lateS, scheduleParam(t.schedule), byUserId],
  );
  return r.rows[0]!.id;
}

export async function updateTask(q: Queryable, id: number, byUserId: number, t: Omit<LockedTask, 'id'>): Promise<void> {
  await q.query(
    'update patrol_tasks set name = $2, enabled = $3, route_order = $4, late_s = $5, schedule = $6::jsonb, updated_by = $7, updated_at = now() where id = $1',
    [id, t.name, t.enabled, t.order, t.lateS, scheduleParam(t.schedule), byUserId],
  );
}

export async function touchTask(q: Queryable, id: number, byUserId: number): Promise<void> {
  await q.query('update patrol_tasks set updated_by = $2, updated_at = now() where id = $1', [id, byUserId]);
}

export async function deleteTask(q: Queryable, id: number): Promise<void> {
  await q.query('delete from patrol_tasks where id = $1', [id]);
}

export interface RouteStop {
  nodeId: number;
  offsetS: number;
  toleranceS: number;
}

export async function replaceRoute(q: Queryable, taskId: number, route: readonly RouteStop[]): Promise<void> {
  await q.query('delete from patrol_task_nodes where task_id = $1', [taskId]);
  await q.query(
    `insert into patrol_task_nodes (task_id, seq, node_id, offset_s, tolerance_s)
     select $1, (ord - 1)::int, (e->>'nodeId')::int, (e->>'offsetS')::int, (e->>'toleranceS')::int
       from jsonb_array_elements($2::jsonb) with ordinality as x(e, ord)`,
    [taskId, JSON.stringify(route)],
  );
}

export async function taskRoute(q: Queryable, taskId: number): Promise<PatrolTaskNode[]> {
  const r = await q.query<PatrolTaskNode>(
    `select x.seq, x.node_id as "nodeId", x.offset_s as "offsetS", x.tolerance_s as "toleranceS", n.name, n.lng, n.lat
       from patrol_task_nodes x join patrol_nodes n on n.id = x.node_id where x.task_id = $1 order by x.seq`,
    [taskId],
  );
  return r.rows;
}

export async function taskUsers(q: Queryable, taskId: number): Promise<PatrolTaskDetail['users']> {
  const r = await q.query<PatrolTaskDetail['users'][number]>(
    'select u.id as uid, u.account, u.nickname from patrol_task_users x join users u on u.id = x.user_id where x.task_id = $1 order by u.id',
    [taskId],
  );
  return r.rows;
}

export async function taskChannels(q: Queryable, taskId: number): Promise<PatrolTaskDetail['channels']> {
  const r = await q.query<PatrolTaskDetail['channels'][number]>(
    'select c.id as "channelId", c.name from patrol_task_channels x join channels c on c.id = x.channel_id where x.task_id = $1 order by c.id',
    [taskId],
  );
  return r.rows;
}

export async function existingUsers(q: Queryable, entId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const r = await q.query<{ id: number }>('select id from users where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb))', [entId, jsonIds(ids)]);
  return new Set(r.rows.map((row) => row.id));
}

export async function existingChannels(q: Queryable, entId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const r = await q.query<{ id: number }>(
    'select id from channels where ent_id = $1 and disbanded_at is null and id in (select value::int from jsonb_array_elements_text($2::jsonb))',
    [entId, jsonIds(ids)],
  );
  return new Set(r.rows.map((row) => row.id));
}

export async function replaceMembers(q: Queryable, entId: number, taskId: number, userIds: readonly number[], channelIds: readonly number[]): Promise<void> {
  await q.query('delete from patrol_task_users where task_id = $1', [taskId]);
  await q.query('delete from patrol_task_channels where task_id = $1', [taskId]);
  if (userIds.length > 0) {
    await q.query('insert into patrol_task_users (task_id, user_id, ent_id) select $1, value::int, $2 from jsonb_array_elements_text($3::jsonb)', [taskId, entId, jsonIds(userIds)]);
  }
  if (channelIds.length > 0) {
    await q.query('insert into patrol_task_channels (task_id, channel_id, ent_id) select $1, value::int, $2 from jsonb_array_elements_text($3::jsonb)', [
      taskId,
      entId,
      jsonIds(channelIds),
    ]);
  }
}

/** Is the user assigned to the task now (directly or through a channel)? */
export async function isAssigned(q: Queryable, taskId: number, userId: number): Promise<boolean> {
  const r = await q.query(`select 1 from ${ASSIGNED} a where a.task_id = $1 and a.user_id = $2 limit 1`, [taskId, userId]);
  return r.rows.length > 0;
}

/** Members of these tasks (at most `limit` per task, by id), for alert frames. */
export async function membersOfTasks(q: Queryable, taskIds: readonly number[], limit: number): Promise<Map<number, { uid: number; nickname: string }[]>> {
  const out = new Map<number, { uid: number; nickname: string }[]>();
  if (taskIds.length === 0) return out;
  const r = await q.query<{ taskId: number; uid: number; nickname: string }>(
    `select "taskId", uid, nickname from (
       select a.task_id as "taskId", u.id as uid, u.nickname, row_number() over (partition by a.task_id order by u.id) as k
         from ${ASSIGNED} a join users u on u.id = a.user_id
        where a.task_id in (select value::int from jsonb_array_elements_text($1::jsonb))
     ) x where k <= $2 order by "taskId", uid`,
    [jsonIds(taskIds), limit],
  );
  for (const { taskId, ...m } of r.rows) out.set(taskId, [...(out.get(taskId) ?? []), m]);
  return out;
}
