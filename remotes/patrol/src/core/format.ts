import type { TFunction } from 'i18next';
import type { PatrolSchedule } from '@ptt/contracts';

// How durations, times and schedules read; `t` has the `core` key prefix where one is taken.

/** A duration as people say it ('1 h 5 min', '45 s'). */
export function formatDuration(t: TFunction, seconds: number): string {
  if (seconds <= 0) return t('duration.zero');
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(t('duration.h', { count: h }));
  if (min > 0) parts.push(t('duration.min', { count: min }));
  if (s > 0) parts.push(t('duration.s', { count: s }));
  return parts.join(' ');
}

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds as 'mm:ss' (minutes may pass 59: '90:00'). */
export function toMmSs(seconds: number): string {
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

/**
 * 'mm:ss' (or whole minutes, '15') as seconds; anything else is NaN, which the contracts schema
 * refuses in its own words.
 */
export function fromMmSs(text: string): number {
  const v = text.trim();
  if (/^\d+$/.test(v)) return Number(v) * 60;
  const m = /^(\d+):([0-5]\d)$/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** An ISO time in the reader's language, short; the text itself when it is not a time. */
export function formatTime(iso: string, language: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
}

/** Days as a week reads here: Monday first, Sunday (0) last. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

function daysText(t: TFunction, days: readonly number[]): string {
  const set = new Set(days);
  if (set.size === 7) return t('everyDay');
  if (set.size === 5 && [1, 2, 3, 4, 5].every((d) => set.has(d))) return t('weekdays');
  if (set.size === 2 && set.has(0) && set.has(6)) return t('weekend');
  return WEEK.filter((d) => set.has(d))
    .map((d) => t(`day.${d}`))
    .join(', ');
}

/** 'Mon–Fri 08:00, 12:00' or 'Every day 00:00 … 23:30 (48 starts)'; null: started by hand. */
export function scheduleSummary(t: TFunction, schedule: PatrolSchedule): string {
  if (schedule === null) return t('byHand');
  const starts = [...schedule.starts].sort();
  const times = starts.length > 3 ? t('startsMore', { first: starts[0], last: starts[starts.length - 1], count: starts.length }) : starts.join(', ');
  return `${daysText(t, schedule.days)} ${times}`;
}
