import {
  PATROL_LATE_DEFAULT_S,
  createPatrolTaskSchema,
  type AssignPatrolMembersRequest,
  type CreatePatrolTaskRequest,
  type PatrolOrder,
  type PatrolSchedule,
  type PatrolTaskDetail,
  type PatrolTaskNodeInput,
  type UpdatePatrolTaskRequest,
} from '@ptt/contracts';
import { fromMmSs, toMmSs } from '../../core';

// The task editor's form as plain data, and the rules that turn it into requests: the contracts
// schema the server checks with, so every message shows before anything is sent.

export interface StopDraft {
  /** Stable across moves (a node may appear twice). */
  key: number;
  nodeId: number;
  /** 'mm:ss' as typed. */
  offset: string;
  tolerance: string;
}

export interface Picked {
  id: number;
  name: string;
  detail?: string;
}

export interface TaskForm {
  name: string;
  order: PatrolOrder;
  /** Minutes as typed. */
  late: string;
  scheduled: boolean;
  days: number[];
  starts: string[];
  route: StopDraft[];
  users: Picked[];
  channels: Picked[];
}

export type TaskField = 'name' | 'order' | 'lateS' | 'schedule' | 'route' | 'members';

/** i18n keys (common namespace): by field, and by stop index for a stop's own error. */
export interface TaskErrors {
  fields: Partial<Record<TaskField, string>>;
  stops: Record<number, string>;
}

export const NO_ERRORS: TaskErrors = { fields: {}, stops: {} };

/** A new stop's planned time: five minutes after the last; its tolerance five minutes. */
export const STOP_STEP_S = 300;

let nextKey = 1;
export const stopKey = () => nextKey++;

export const EMPTY_TASK: TaskForm = {
  name: '',
  order: 'ordered',
  late: String(PATROL_LATE_DEFAULT_S / 60),
  scheduled: false,
  days: [1, 2, 3, 4, 5],
  starts: [],
  route: [],
  users: [],
  channels: [],
};

export function formOf(task: PatrolTaskDetail): TaskForm {
  return {
    name: task.name,
    order: task.order,
    late: String(task.lateS / 60),
    scheduled: task.schedule !== null,
    days: task.schedule ? [...task.schedule.days] : [1, 2, 3, 4, 5],
    starts: task.schedule ? [...task.schedule.starts].sort() : [],
    route: [...task.route].sort((a, b) => a.seq - b.seq).map((s) => ({ key: stopKey(), nodeId: s.nodeId, offset: toMmSs(s.offsetS), tolerance: toMmSs(s.toleranceS) })),
    users: task.users.map((u) => ({ id: u.uid, name: u.nickname, detail: u.account })),
    channels: task.channels.map((c) => ({ id: c.channelId, name: c.name })),
  };
}

/** A stop appended after the last one. */
export function newStop(route: readonly StopDraft[], nodeId: number): StopDraft {
  const last = route[route.length - 1];
  const after = last ? fromMmSs(last.offset) : Number.NaN;
  return { key: stopKey(), nodeId, offset: toMmSs(last ? (Number.isFinite(after) ? after + STOP_STEP_S : 0) : 0), tolerance: toMmSs(STOP_STEP_S) };
}

const minutes = (text: string): number => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 60));

export function routeOf(form: Pick<TaskForm, 'route'>): PatrolTaskNodeInput[] {
  return form.route.map((s) => ({ nodeId: s.nodeId, offsetS: fromMmSs(s.offset), toleranceS: fromMmSs(s.tolerance) }));
}

/** The schedule as sent: days and times in order, so the same week compares equal however it was made. */
export function scheduleOf(form: Pick<TaskForm, 'scheduled' | 'days' | 'starts'>): PatrolSchedule {
  if (!form.scheduled) return null;
  return { days: [...form.days].sort((a, b) => a - b), starts: [...form.starts].sort() };
}

/** Every start time from 00:00 to 23:30, each half hour (the most a task may have, 48). */
export function everyHalfHour(): string[] {
  return Array.from({ length: 48 }, (_v, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`);
}

function inputOf(form: TaskForm) {
  return { name: form.name, order: form.order, route: routeOf(form), lateS: minutes(form.late), schedule: scheduleOf(form) };
}

const FIELDS: Record<string, TaskField> = { name: 'name', order: 'order', lateS: 'lateS', schedule: 'schedule', route: 'route', userIds: 'members', channelIds: 'members' };

/** Issues (zod's, or the server's) as the form's errors: the first per field, and per stop. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): TaskErrors {
  const errors: TaskErrors = { fields: {}, stops: {} };
  for (const issue of issues) {
    const [first, index] = issue.path;
    const field = FIELDS[String(first ?? '')];
    if (!field) continue;
    if (field === 'route' && typeof index === 'number') errors.stops[index] ??= issue.message;
    else errors.fields[field] ??= issue.message;
  }
  return errors;
}

export type Checked<B> = { ok: true; body: B } | { ok: false; errors: TaskErrors } | { ok: false; notModified: true };

const ids = (picks: readonly Picked[]) => picks.map((p) => p.id).sort((a, b) => a - b);

/** A new task's request (with who patrols it), or its errors. */
export function checkCreate(form: TaskForm): Checked<CreatePatrolTaskRequest> {
  const body: CreatePatrolTaskRequest = { ...inputOf(form), userIds: ids(form.users), channelIds: ids(form.channels) };
  const parsed = createPatrolTaskSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues) };
  return { ok: true, body };
}

export interface TaskUpdate {
  /** What changed of the task itself, or null. */
  patch: UpdatePatrolTaskRequest | null;
  /** The new members, when they changed. */
  members: AssignPatrolMembersRequest | null;
}

/** Only what differs from the stored task; nothing is 'Patrol information has not been modified'. */
export function checkUpdate(form: TaskForm, stored: PatrolTaskDetail): Checked<TaskUpdate> {
  const input = inputOf(form);
  // The whole form is checked, as for a new task: a field left as it was is still shown when wrong.
  const parsed = createPatrolTaskSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues) };
  const before = formOf(stored);
  const patch: UpdatePatrolTaskRequest = {};
  if (form.name.trim() !== stored.name) patch.name = form.name;
  if (form.order !== stored.order) patch.order = form.order;
  if (input.lateS !== stored.lateS) patch.lateS = input.lateS;
  if (JSON.stringify(input.schedule) !== JSON.stringify(scheduleOf(before))) patch.schedule = input.schedule;
  if (JSON.stringify(input.route) !== JSON.stringify(routeOf(before))) patch.route = input.route;
  const users = ids(form.users);
  const channels = ids(form.channels);
  const membersChanged = users.join() !== ids(before.users).join() || channels.join() !== ids(before.channels).join();
  const hasPatch = Object.keys(patch).length > 0;
  if (!hasPatch && !membersChanged) return { ok: false, notModified: true };
  return { ok: true, body: { patch: hasPatch ? patch : null, members: membersChanged ? { userIds: users, channelIds: channels } : null } };
}

/** What the user changed compared with `baseline`. */
export function isDirty(form: TaskForm, baseline: TaskForm): boolean {
  const plain = (f: TaskForm) => JSON.stringify({ ...inputOf(f), users: ids(f.users), channels: ids(f.channels), late: f.late });
  return plain(form) !== plain(baseline);
}

/** Where a refusal belongs: the rules the server names no field for that are a field's. */
export const RULE_FIELDS: Record<string, TaskField> = {
  'rule.patrolTaskNameExists': 'name',
  'rule.patrolMembersFull': 'members',
};
