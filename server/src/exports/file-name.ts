import type { ExportFormat } from '@ptt/contracts';

/** One part of the filter in a file name: `type-12`, `device-android`. */
export type NamePart = readonly [label: string, value: string | number | boolean | undefined];

/** The UTC day of `ms`; '' out of the dates' range. */
function day(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** A user's text in a file name: no separators, no characters file systems refuse, short. */
function fileText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\\/:*?"<>|\s_]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30);
}

/**
 * `operation-records_2026-11-01_2026-11-28_type-12.xlsx` (ADR 028): what, the time range (days in
 * UTC; `to` is exclusive, so the last day named is the day of its last millisecond), then each
 * filter given. The text of a filter is kept as typed (the header's filename* carries non-ASCII).
 */
export function exportFileName(what: string, range: { from?: number | undefined; to?: number | undefined }, parts: readonly NamePart[], format: ExportFormat): string {
  const name = [what];
  if (range.from !== undefined || range.to !== undefined) {
    name.push((range.from !== undefined && day(range.from)) || 'start', (range.to !== undefined && day(range.to - 1)) || 'now');
  }
  for (const [label, value] of parts) {
    if (value === undefined || value === '') continue;
    const text = fileText(String(value));
    if (text) name.push(`${label}-${text}`);
  }
  return `${name.join('_')}.${format}`;
}
