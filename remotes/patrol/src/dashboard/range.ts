import { PATROL_DASHBOARD_DAYS_MAX } from '@ptt/contracts';

// The dashboard's days: a preset (the last 7 or 30 days, today included) or a custom first and
// last day, kept in the URL (`range`, `from`, `to`). Days are the organisation's (its `timeZone`,
// ADR 027), since the server counts by them; until the first answer names the zone, the browser's.

export const DASHBOARD_RANGES = ['7d', '30d', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

const PRESET_DAYS: Record<Exclude<DashboardRange, 'custom'>, number> = { '7d': 7, '30d': 30 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DashboardView {
  range: DashboardRange;
  /** With `custom`: 'YYYY-MM-DD', null when missing or not a day. */
  from: string | null;
  to: string | null;
}

/** A day as 'YYYY-MM-DD' is a real calendar day. */
export function isDay(value: string | null): value is string {
  if (value === null || !DAY.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export function parseDashboardView(params: URLSearchParams): DashboardView {
  const range = DASHBOARD_RANGES.find((r) => r === params.get('range')) ?? '7d';
  if (range !== 'custom') return { range, from: null, to: null };
  const day = (name: string) => {
    const v = params.get(name);
    return isDay(v) ? v : null;
  };
  return { range, from: day('from'), to: day('to') };
}

/** The view as a query string; the default (last 7 days) is no parameter at all. */
export function dashboardParams(view: DashboardView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.range === '7d') return out;
  out.set('range', view.range);
  if (view.range === 'custom') {
    if (view.from) out.set('from', view.from);
    if (view.to) out.set('to', view.to);
  }
  return out;
}

/** Today in a time zone, 'YYYY-MM-DD' (an unknown zone falls back to the browser's). */
export function todayIn(timeZone: string | undefined, now: Date): string {
  const format = (zone: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/** `day` moved by whole calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export type DashboardDays = { ok: true; from: string; to: string } | { ok: false; reason: 'incomplete' | 'backwards' | 'tooLong' };

/** The request's days for a view on `today`, or why a custom choice cannot be asked for. */
export function daysOf(view: DashboardView, today: string): DashboardDays {
  if (view.range !== 'custom') return { ok: true, from: addDays(today, 1 - PRESET_DAYS[view.range]), to: today };
  if (!view.from || !view.to) return { ok: false, reason: 'incomplete' };
  const count = dayCount(view.from, view.to);
  if (count < 1) return { ok: false, reason: 'backwards' };
  if (count > PATROL_DASHBOARD_DAYS_MAX) return { ok: false, reason: 'tooLong' };
  return { ok: true, from: view.from, to: view.to };
}
