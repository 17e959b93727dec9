import { HTML_LANG, currentLocale } from '@ptt/ui';

// Numbers, sizes and times as the chat shows them, in the interface language.

/** 1,536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** 83,000 ms -> "1:23"; an hour or more -> "1:02:03". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// Building an Intl.DateTimeFormat costs far more than using one (about a millisecond each on a
// busy machine, and a chat renders hundreds of times): one per language and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(lang: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${withDate ? 'date' : 'time'}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, withDate ? { dateStyle: 'short', timeStyle: 'short' } : { timeStyle: 'short' });
    formatters.set(key, f);
  }
  return f;
}

/** Time of day for today's messages, date and time for older ones. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return formatterFor(HTML_LANG[currentLocale()], !sameDay).format(at);
}

/** A coordinate with six decimals (about 0.1 m). */
export const formatCoordinate = (value: number): string => value.toFixed(6);
