import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PATROL_CHECKIN_METHODS,
  PATROL_CHECKIN_RESULTS,
  PATROL_CHECKIN_SORTS,
  PATROL_DURATION_FLAGS,
  PATROL_RUN_SORTS,
  PATROL_RUN_STATUSES,
} from '@ptt/contracts';
import type { TableQuery } from '@ptt/ui';
import { RANGE_PRESETS, isoMs, presetRange, type RangePreset } from './timeRange';

// The records view lives in the URL (as in the records remote, ADR 028): which list, its filters,
// sort and page; a reload, a link and the browser's back give the same table. Each bad value is
// dropped alone. Both lists share one query string; switching lists starts with no filters.

export const RECORD_LISTS = ['runs', 'checkins'] as const;
export type RecordList = (typeof RECORD_LISTS)[number];

export interface RecordView {
  list: RecordList;
  range: RangePreset | null;
  /** With `custom`: ISO text with its offset. */
  from: string | null;
  to: string | null;
  taskId: number | null;
  userId: number | null;
  /** Check-ins only. */
  nodeId: number | null;
  /** Runs: status and flag; check-ins: method and result ('' is any). */
  status: string;
  flag: string;
  method: string;
  result: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

export type RunFilters = { from: string; to: string; taskId: string; userId: string; status: string; flag: string };
export type CheckinFilters = { from: string; to: string; taskId: string; userId: string; nodeId: string; method: string; result: string };

const SORTS: Record<RecordList, { sorts: readonly string[]; defaultSort: string }> = {
  runs: { sorts: PATROL_RUN_SORTS, defaultSort: 'plannedStart' },
  checkins: { sorts: PATROL_CHECKIN_SORTS, defaultSort: 'time' },
};

const positiveInt = (v: string | null, max: number): number | null => {
  if (v === null || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= max ? n : null;
};
const id = (v: string | null) => positiveInt(v, 2_147_483_647);
const oneOf = (values: readonly string[], v: string | null) => (v !== null && values.includes(v) ? v : '');

export function defaultView(list: RecordList = 'runs'): RecordView {
  return { list, range: null, from: null, to: null, taskId: null, userId: null, nodeId: null, status: '', flag: '', method: '', result: '', sort: SORTS[list].defaultSort, order: 'desc', page: 1, size: PAGE_SIZE_DEFAULT };
}

export function parseView(params: URLSearchParams): RecordView {
  const list = RECORD_LISTS.find((l) => l === params.get('list')) ?? 'runs';
  const base = defaultView(list);
  const runs = list === 'runs';
  const range = RANGE_PRESETS.find((r) => r === params.get('range')) ?? null;
  const time = (name: 'from' | 'to') => (range === 'custom' && isoMs(params.get(name)) !== undefined ? params.get(name) : null);
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  return {
    list,
    range,
    from: time('from'),
    to: time('to'),
    taskId: id(params.get('taskId')),
    userId: id(params.get('userId')),
    nodeId: runs ? null : id(params.get('nodeId')),
    status: runs ? oneOf(PATROL_RUN_STATUSES, params.get('status')) : '',
    flag: runs ? oneOf(PATROL_DURATION_FLAGS, params.get('flag')) : '',
    method: runs ? '' : oneOf(PATROL_CHECKIN_METHODS, params.get('method')),
    result: runs ? '' : oneOf(PATROL_CHECKIN_RESULTS, params.get('result')),
    sort: SORTS[list].sorts.includes(sort) ? sort : base.sort,
    order: order === 'asc' || order === 'desc' ? order : base.order,
    page: positiveInt(params.get('page'), 1_000_000) ?? base.page,
    size: positiveInt(params.get('size'), PAGE_SIZE_MAX) ?? base.size,
  };
}

/** The view as a query string: defaults left out, a fixed order (links stay short and stable). */
export function viewParams(view: RecordView): URLSearchParams {
  const base = defaultView(view.list);
  const out = new URLSearchParams();
  const put = (name: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== '' && value !== fallback) out.set(name, String(value));
  };
  put('list', view.list, 'runs');
  put('range', view.range);
  if (view.range === 'custom') {
    put('from', view.from);
    put('to', view.to);
  }
  put('taskId', view.taskId);
  put('userId', view.userId);
  if (view.list === 'runs') {
    put('status', view.status);
    put('flag', view.flag);
  } else {
    put('nodeId', view.nodeId);
    put('method', view.method);
    put('result', view.result);
  }
  put('sort', view.sort, base.sort);
  put('order', view.order, base.order);
  put('page', view.page, base.page);
  put('size', view.size, base.size);
  return out;
}

/** The view's time range in ms ('' when open), presets read on the day of `now`. */
function rangeText(view: RecordView, now: Date): { from: string; to: string } {
  if (view.range === null) return { from: '', to: '' };
  const r = view.range === 'custom' ? { from: isoMs(view.from), to: isoMs(view.to) } : presetRange(view.range, now);
  return { from: r.from === undefined ? '' : String(r.from), to: r.to === undefined ? '' : String(r.to) };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function runQuery(view: RecordView, now: Date): TableQuery<RunFilters> {
  return {
    page: view.page,
    size: view.size,
    sort: view.sort,
    order: view.order,
    filters: { ...rangeText(view, now), taskId: text(view.taskId), userId: text(view.userId), status: view.status, flag: view.flag },
  };
}

export function checkinQuery(view: RecordView, now: Date): TableQuery<CheckinFilters> {
  return {
    page: view.page,
    size: view.size,
    sort: view.sort,
    order: view.order,
    filters: { ...rangeText(view, now), taskId: text(view.taskId), userId: text(view.userId), nodeId: text(view.nodeId), method: view.method, result: view.result },
  };
}
