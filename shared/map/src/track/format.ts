import { HTML_LANG, currentLocale } from '@ptt/ui';

// A track's numbers as the player shows them, in the console's language.

/** Date and time to the second: track points are read to the second. */
export function formatDateTime(at: number): string {
  return new Intl.DateTimeFormat(HTML_LANG[currentLocale()], { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at));
}

/** km/h with one decimal, from m/s (devices report m/s; people read km/h). */
export function kmh(metresPerSecond: number): string {
  return (metresPerSecond * 3.6).toFixed(1);
}
