import { HTML_LANG, currentLocale } from '@ptt/ui';

/** A rate 0..1 as a whole percent in the interface language ("87%"), or null when there is none. */
export function percent(rate: number | null): string | null {
  if (rate === null) return null;
  return new Intl.NumberFormat(HTML_LANG[currentLocale()], { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** A count in the interface language (thousands grouped). */
export function count(n: number): string {
  return new Intl.NumberFormat(HTML_LANG[currentLocale()]).format(n);
}

/** An organisation day 'YYYY-MM-DD' as a short label ("Nov 28", "11月28日"), read as that calendar day. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat(HTML_LANG[currentLocale()], { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Completion rate of a day's finished runs: complete / (runs - active), null when none finished. */
export function completionRate(d: { runs: number; active: number; complete: number }): number | null {
  const finished = d.runs - d.active;
  return finished > 0 ? d.complete / finished : null;
}
