// Time ranges of the record filters. Presets are kept as presets (a shared "last 7 days" link
// means the seven days before it is opened) and read in the browser's time zone, the clock the
// dispatcher looks at (ADR 028). Every range ends at the next local midnight, not at "now", so a
// record that arrives while the page is open still falls inside it and shows at the top.

export const RANGE_PRESETS = ['today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Days a preset covers, today included. */
const PRESET_DAYS: Record<Exclude<RangePreset, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30 };

/** Unix milliseconds; `from` inclusive, `to` exclusive, as the list endpoints read them. */
export interface TimeRange {
  from?: number;
  to?: number;
}

/** Local midnight at the start of `now`'s day. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Local midnight `days` days after `day` (calendar days, so a DST change keeps midnights). */
function addDays(day: Date, days: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
}

/** The range of a preset on the day of `now`: today and the days before it, up to tomorrow. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): Required<TimeRange> {
  const tomorrow = addDays(startOfDay(now), 1);
  return { from: addDays(tomorrow, -PRESET_DAYS[preset]).getTime(), to: tomorrow.getTime() };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * A local date-time input's value ('2026-11-01T08:30') as ISO text with the browser's offset
 * ('2026-11-01T08:30+08:00'): readable in a link and the same instant wherever it is opened.
 * Null for an empty or impossible value.
 */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (date.getDate() !== d || date.getHours() !== h) return null;
  const offset = -date.getTimezoneOffset();
  return `${value}${offset >= 0 ? '+' : '-'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** ISO text (any offset) as the local date-time input's value, or '' when it is not a time. */
export function isoToLocalInput(iso: string | null): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Milliseconds of ISO text, or undefined when it is missing or not a time. */
export function isoMs(iso: string | null): number | undefined {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}
