import type { FenceSchedule, FenceWindow } from './rest/fences';

// Weekly fence windows in the organisation's time zone (ADR 027). Local wall time comes from
// Intl.DateTimeFormat (full ICU in Node 20 and browsers), so no time zone library is needed.

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1_440;
const DAY_MS = 86_400_000;

/** One formatter per zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms` (whole seconds), read from the formatted wall clock. */
function formattedOffset(timeZone: string, ms: number): number {
  const v: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) if (p.type !== 'literal') v[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = v;
  // Some ICU versions write midnight as hour 24 even with h23.
  return Date.UTC(year, month - 1, day, hour % 24, minute, second) - Math.floor(ms / 1000) * 1000;
}

/** Zones change their offset on quarter hours, so one is remembered per zone and quarter hour. */
const QUARTER_MS = 900_000;
const QUARTERS_KEPT = 256;
const offsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at `ms`, in ms (east positive). Formatting costs microseconds and the
 * server asks for every position of a member a scheduled fence covers, so it is kept per quarter
 * hour, unless the offset differs within that quarter hour (then it is read each time).
 */
function offsetAt(timeZone: string, ms: number): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map<number, number>()));
  const known = zone.get(quarter);
  if (known !== undefined) return known;
  const first = formattedOffset(timeZone, quarter * QUARTER_MS);
  if (formattedOffset(timeZone, (quarter + 1) * QUARTER_MS - 1000) !== first) return formattedOffset(timeZone, ms);
  if (zone.size >= QUARTERS_KEPT) zone.clear();
  zone.set(quarter, first);
  return first;
}

/** The zone's wall clock at `ms`, written as if it were UTC (patrol schedules use it too). */
export const wallAsUtc = (timeZone: string, ms: number) => ms + offsetAt(timeZone, ms);

/**
 * The instant a wall time (written as UTC) happens in the zone. Offsets a day either side cover the
 * one DST change that can be near; a wall time that happens twice (clocks back) is its earlier
 * instant, one that never happens (clocks forward) is read with the offset before the change. The
 * answer depends on the wall time only, so every point of one window occurrence gets the same key.
 */
export function instantOf(timeZone: string, wall: number): number {
  const before = wall - offsetAt(timeZone, wall - DAY_MS);
  const after = wall - offsetAt(timeZone, wall + DAY_MS);
  const valid = [before, after].filter((t) => wallAsUtc(timeZone, t) === wall);
  return valid.length > 0 ? Math.min(...valid) : before;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes a window lasts: past midnight when end <= start, a whole day when they are equal. */
function lengthOf(w: FenceWindow): number {
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  return end > start ? end - start : end + DAY_MINUTES - start;
}

/**
 * Which occurrence of the schedule's windows holds the instant `ms`: null when the schedule has
 * windows and none holds it; otherwise a key of that occurrence, the instant (UTC ms) of its local
 * start, or 0 for a null schedule (always). A fence's per-member state is kept per occurrence, so a
 * new key means a fresh start. Windows belong to the day they start on (0 Sunday); when two
 * occurrences hold the instant, the one that started first wins.
 */
export function windowAt(schedule: FenceSchedule, timeZone: string, ms: number): number | null {
  if (schedule === null) return 0;
  const wall = wallAsUtc(timeZone, ms);
  const today = Math.floor(wall / DAY_MS) * DAY_MS;
  const minute = Math.floor((wall - today) / MINUTE_MS);
  const weekday = new Date(today).getUTCDay();
  let best: number | null = null;
  for (const w of schedule) {
    const start = minutesOf(w.start);
    const length = lengthOf(w);
    // Started today, or started yesterday and runs past midnight.
    for (const back of [0, 1]) {
      const day = (weekday + 7 - back) % 7;
      const into = minute + back * DAY_MINUTES - start;
      if (!w.days.includes(day) || into < 0 || into >= length) continue;
      const startWall = today - back * DAY_MS + start * MINUTE_MS;
      if (best === null || startWall < best) best = startWall;
    }
  }
  return best === null ? null : instantOf(timeZone, best);
}

/** Is the fence evaluated at `ms`: no schedule, or inside one of its windows. */
export function scheduleActive(schedule: FenceSchedule, timeZone: string, ms: number): boolean {
  return windowAt(schedule, timeZone, ms) !== null;
}
