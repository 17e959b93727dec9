import { instantOf, wallAsUtc } from './fence-schedule';
import type { PatrolSchedule } from './rest/patrol';

// Patrol start times (ADR 029): days of the week and 'HH:MM' starts in the organisation's time
// zone, read with the same wall-clock helpers as fence windows (fence-schedule.ts).

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The scheduled starts in [fromMs, toMs), as UTC ms, ascending. A start time that never happens
 * (clocks forward) is read with the offset before the change; one that happens twice (clocks back)
 * starts once, at its earlier instant. A null schedule never starts.
 */
export function startsBetween(schedule: PatrolSchedule, timeZone: string, fromMs: number, toMs: number): number[] {
  if (schedule === null || toMs <= fromMs) return [];
  const out = new Set<number>();
  // Wall days that can hold a start in the range: one either side covers any offset (at most +-14 h).
  const firstDay = Math.floor(wallAsUtc(timeZone, fromMs) / DAY_MS) * DAY_MS - DAY_MS;
  const lastDay = Math.floor(wallAsUtc(timeZone, toMs) / DAY_MS) * DAY_MS + DAY_MS;
  const starts = [...schedule.starts].map(minutesOf).sort((a, b) => a - b);
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    if (!schedule.days.includes(new Date(day).getUTCDay())) continue;
    for (const m of starts) {
      const at = instantOf(timeZone, day + m * MINUTE_MS);
      if (at >= fromMs && at < toMs) out.add(at);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The first scheduled start at or after `ms` within eight days, or null (no schedule). */
export function nextStart(schedule: PatrolSchedule, timeZone: string, ms: number): number | null {
  return startsBetween(schedule, timeZone, ms, ms + 8 * DAY_MS)[0] ?? null;
}

/** The organisation's calendar day of `ms`, 'YYYY-MM-DD'. */
export function dayOf(timeZone: string, ms: number): string {
  return new Date(wallAsUtc(timeZone, ms)).toISOString().slice(0, 10);
}
