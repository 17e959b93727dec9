import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@ptt/contracts';
import type { TableQuery } from '@ptt/ui';
import { RANGE_PRESETS, isoMs, presetRange, type RangePreset, type TimeRange } from './timeRange';

// A records view (filters, sort and page) lives in the URL's query string, so a reload, a shared
// link and the browser's back all give the same table (ADR 028). Values a link cannot hold are
// dropped one by one rather than refusing the whole link: a mistyped sort still shows the rows.

/** What one record kind accepts, from its contracts list query. */
export interface ViewSpec {
  sorts: readonly string[];
  defaultSort: string;
  /** Allowed values of the type filter; empty when the kind has no types. */
  types: readonly string[];
  /** Has the caller's own list (`mine=1`, /api/me/...). */
  mine: boolean;
  /** The list query takes a device filter. */
  device: boolean;
}

export interface RecordView {
  /** null: any time. */
  range: RangePreset | null;
  /** With `custom`: ISO text with its offset, as typed into the link. */
  from: string | null;
  to: string | null;
  userId: number | null;
  device: string;
  type: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  size: number;
  mine: boolean;
}

/** The filters a list request carries, as query text ('' is no filter). */
export type RecordFilters = { from: string; to: string; userId: string; device: string; type: string };

const positiveInt = (v: string | null, max: number): number | null => {
  if (v === null || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= max ? n : null;
};

export function defaultView(spec: ViewSpec): RecordView {
  return { range: null, from: null, to: null, userId: null, device: '', type: '', sort: spec.defaultSort, order: 'desc', page: 1, size: PAGE_SIZE_DEFAULT, mine: false };
}

export function parseView(params: URLSearchParams, spec: ViewSpec): RecordView {
  const base = defaultView(spec);
  const range = RANGE_PRESETS.find((r) => r === params.get('range')) ?? null;
  const custom = range === 'custom';
  const time = (name: 'from' | 'to') => (custom && isoMs(params.get(name)) !== undefined ? params.get(name) : null);
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  const type = params.get('type') ?? '';
  const mine = spec.mine && params.get('mine') === '1';
  return {
    range,
    from: time('from'),
    to: time('to'),
    // The member filter means nothing on the caller's own records.
    userId: mine ? null : positiveInt(params.get('userId'), 2_147_483_647),
    device: spec.device ? (params.get('device') ?? '').trim() : '',
    type: spec.types.includes(type) ? type : '',
    sort: spec.sorts.includes(sort) ? sort : base.sort,
    order: order === 'asc' || order === 'desc' ? order : base.order,
    page: positiveInt(params.get('page'), 1_000_000) ?? base.page,
    size: positiveInt(params.get('size'), PAGE_SIZE_MAX) ?? base.size,
    mine,
  };
}

/** The view as a query string, defaults left out and in a fixed order (links stay short and stable). */
export function viewParams(view: RecordView, spec: ViewSpec): URLSearchParams {
  const base = defaultView(spec);
  const out = new URLSearchParams();
  const put = (name: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== '' && value !== fallback) out.set(name, String(value));
  };
  if (view.mine && spec.mine) out.set('mine', '1');
  put('range', view.range);
  if (view.range === 'custom') {
    put('from', view.from);
    put('to', view.to);
  }
  if (!view.mine) put('userId', view.userId);
  if (spec.device) put('device', view.device.trim());
  put('type', spec.types.includes(view.type) ? view.type : '');
  put('sort', view.sort, base.sort);
  put('order', view.order, base.order);
  put('page', view.page, base.page);
  put('size', view.size, base.size);
  return out;
}

/** The view's time range on the day of `now`. */
export function rangeOf(view: RecordView, now: Date): TimeRange {
  if (view.range === null) return {};
  if (view.range === 'custom') return { from: isoMs(view.from), to: isoMs(view.to) };
  return presetRange(view.range, now);
}

/** The list request of a view: its page, sort and filters. */
export function tableQuery(view: RecordView, now: Date): TableQuery<RecordFilters> {
  const { from, to } = rangeOf(view, now);
  return {
    page: view.page,
    size: view.size,
    sort: view.sort,
    order: view.order,
    filters: {
      from: from === undefined ? '' : String(from),
      to: to === undefined ? '' : String(to),
      userId: view.userId === null ? '' : String(view.userId),
      device: view.device,
      type: view.type,
    },
  };
}

/** A record list request: the caller's own records (/api/me/...) or everyone's, and the page. */
export interface RecordRequest {
  mine: boolean;
  table: TableQuery<RecordFilters>;
}
