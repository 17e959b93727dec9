import {
  CoordinateSystem,
  createFenceSchema,
  updateFenceSchema,
  type CreateFenceRequest,
  type Fence,
  type FenceRule,
  type FenceWindow,
  type UpdateFenceRequest,
} from '@ptt/contracts';
import type { Drawing } from '@ptt/map';

// The editor's form as plain data, and the rules that turn it into a request: checked with the
// contracts schemas the server checks with, so the spec's words show before anything is sent.

/** One weekly window as edited: days 0 (Sunday) to 6, times 'HH:MM'. */
export interface WindowDraft {
  days: number[];
  start: string;
  end: string;
}

export interface FenceForm {
  name: string;
  rule: FenceRule;
  /** The dwell as typed, in minutes and seconds (blank is 0). */
  dwellMin: string;
  dwellSec: string;
  /** null: always active. */
  schedule: WindowDraft[] | null;
}

/** The drawing and whether the user changed it (an untouched shape is not sent). */
export interface ShapeState {
  drawing: Drawing | null;
  touched: boolean;
}

export type FieldKey = 'name' | 'rule' | 'shape' | 'dwellS' | 'schedule';

/** Field -> i18n key; `windows` holds a schedule window's own error by its index. */
export interface FormErrors {
  fields: Partial<Record<FieldKey, string>>;
  windows: Record<number, string>;
}

export type Checked<B> = { ok: true; body: B } | { ok: false; errors: FormErrors } | { ok: false; notModified: true };

export const EMPTY_FORM: FenceForm = { name: '', rule: 'leave', dwellMin: '0', dwellSec: '0', schedule: null };

/** A new window's default: working days, office hours. */
export const NEW_WINDOW: WindowDraft = { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' };

export function formOf(fence: Pick<Fence, 'name' | 'rule' | 'dwellS' | 'schedule'>): FenceForm {
  return {
    name: fence.name,
    rule: fence.rule,
    dwellMin: String(Math.floor(fence.dwellS / 60)),
    dwellSec: String(fence.dwellS % 60),
    schedule: fence.schedule ? fence.schedule.map((w) => ({ days: [...w.days], start: w.start, end: w.end })) : null,
  };
}

const whole = (text: string): number => (text.trim() === '' ? 0 : Number(text));

/** Seconds from the two boxes; not a whole number (NaN, a fraction, negative) when mistyped, for the schema to refuse. */
export function dwellOf(form: Pick<FenceForm, 'dwellMin' | 'dwellSec'>): number {
  const min = whole(form.dwellMin);
  const sec = whole(form.dwellSec);
  if (min < 0 || sec < 0) return -1;
  return min * 60 + sec;
}

/** Windows as sent: days in order (so the same week compares equal however it was ticked). */
export function scheduleOf(form: Pick<FenceForm, 'schedule'>): FenceWindow[] | null {
  return form.schedule ? form.schedule.map((w) => ({ days: [...w.days].sort((a, b) => a - b), start: w.start, end: w.end })) : null;
}

const sameSchedule = (a: FenceWindow[] | null, b: FenceWindow[] | null) => JSON.stringify(a) === JSON.stringify(b);

/** What the user changed compared with `baseline` (the stored fence, or an empty form). */
export function isDirty(form: FenceForm, baseline: FenceForm, shape: ShapeState): boolean {
  return (
    shape.touched ||
    form.name !== baseline.name ||
    form.rule !== baseline.rule ||
    dwellOf(form) !== dwellOf(baseline) ||
    !sameSchedule(scheduleOf(form), scheduleOf(baseline))
  );
}

function shapeFields(drawing: Drawing) {
  return { shape: drawing.shape, coord: drawing.coord === 'gcj02' ? CoordinateSystem.GCJ : CoordinateSystem.WGS };
}

/** Zod issues as the form's errors: the first per field, and per schedule window. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = { fields: {}, windows: {} };
  for (const issue of issues) {
    const [first, index] = issue.path;
    // The drawing's system rides with the shape: its error belongs to the drawing.
    const field = (first === 'coord' ? 'shape' : String(first ?? 'shape')) as FieldKey;
    if (field === 'schedule' && typeof index === 'number') errors.windows[index] ??= issue.message;
    else errors.fields[field] ??= issue.message;
  }
  return errors;
}

export interface NewLinks {
  userIds: number[];
  channelIds: number[];
}

/** A new fence's request, or its errors in the spec's words. Nothing drawn is 'Please draw correctly'. */
export function checkCreate(form: FenceForm, shape: ShapeState, links: NewLinks): Checked<CreateFenceRequest> {
  const input = {
    name: form.name,
    rule: form.rule,
    ...(shape.drawing ? shapeFields(shape.drawing) : {}),
    dwellS: dwellOf(form),
    schedule: scheduleOf(form),
    ...(links.userIds.length > 0 ? { userIds: links.userIds } : {}),
    ...(links.channelIds.length > 0 ? { channelIds: links.channelIds } : {}),
  };
  const parsed = createFenceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues) };
  // Sent as typed (the server trims the name itself): the schema's output is only the check.
  return { ok: true, body: input as CreateFenceRequest };
}

/**
 * Only what differs from the stored fence; nothing is 'Fence information has not been modified'
 * without asking the server. A shape the user did not touch is left out: sent back through the
 * map's coordinate system it would come back a few centimetres off and count as a change.
 */
export function checkUpdate(form: FenceForm, shape: ShapeState, stored: Fence): Checked<UpdateFenceRequest> {
  const before = formOf(stored);
  const body: Record<string, unknown> = {};
  if (form.name.trim() !== stored.name) body.name = form.name;
  if (form.rule !== stored.rule) body.rule = form.rule;
  if (dwellOf(form) !== dwellOf(before)) body.dwellS = dwellOf(form);
  if (!sameSchedule(scheduleOf(form), scheduleOf(before))) body.schedule = scheduleOf(form);
  if (shape.touched) {
    if (!shape.drawing) return { ok: false, errors: { fields: { shape: 'validation.fenceDrawIncorrect' }, windows: {} } };
    Object.assign(body, shapeFields(shape.drawing));
  }
  if (Object.keys(body).length === 0) return { ok: false, notModified: true };
  const parsed = updateFenceSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues) };
  return { ok: true, body };
}
