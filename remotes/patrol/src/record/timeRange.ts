// Time presets of the record filters, as in the records remote (ADR 028): kept as presets (a shared
// "last 7 days" link means the seven days before it is opened), read in the browser's time zone,
// ending at the next local midnight so a record arriving while the page is open still falls inside.

export const RANGE_PRESETS = ['today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const PRESET_DAYS: Record<Exclude<RangePreset, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30 };

export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** The range of a preset on the day of `now` (ms; from inclusive, to exclusive). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): { from: number; to: number } {
  const d = startOfDay(now);
  const tomorrow = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
  const first = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1 - PRESET_DAYS[preset]);
  return { from: first.getTime(), to: tomorrow.getTime() };
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** A datetime-local value ('2026-11-01T08:30') as ISO text with the browser's offset, null when impossible. */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  if (date.getDate() !== d || date.getHours() !== h) return null;
  const offset = -date.getTimezoneOffset();
  return `${value}${offset >= 0 ? '+' : '-'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** ISO text as a datetime-local value, '' when it is not a time. */
export function isoToLocalInput(iso: string | null): string {
  const ms = isoMs(iso);
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function isoMs(iso: string | null): number | undefined {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}
