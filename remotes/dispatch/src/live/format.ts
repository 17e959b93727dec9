import { HTML_LANG, currentLocale } from '@ptt/ui';

// Numbers and times as the live map shows them, in the console's language.

/** Date and time to the second (positions and SOS are read to the second). */
export function formatDateTime(at: number | string): string {
  const date = typeof at === 'number' ? new Date(at) : new Date(Date.parse(at));
  return new Intl.DateTimeFormat(HTML_LANG[currentLocale()], { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** Latitude, longitude with six decimals (about 0.1 m). */
export function formatLatLng(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}
