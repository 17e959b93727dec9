/** An age as m:ss (h:mm:ss from an hour): what a wall shows next to an SOS or a talk. */
export function formatAge(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** How hot an open SOS is by its age (the CAD habit): normal under a minute, hot after, hotter after 5 minutes. */
export type Heat = 'normal' | 'hot' | 'hotter';
export const HOT_AFTER_MS = 60_000;
export const HOTTER_AFTER_MS = 5 * 60_000;

export function heatOf(ageMs: number): Heat {
  return ageMs >= HOTTER_AFTER_MS ? 'hotter' : ageMs >= HOT_AFTER_MS ? 'hot' : 'normal';
}

/** Wall-clock time, 24 h. */
export function formatClock(ms: number, locale: string, seconds = true): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: seconds ? '2-digit' : undefined, hourCycle: 'h23' }).format(ms);
}

export function formatDateTime(iso: string | null, locale: string): string | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(ms);
}

/** A member as the wall names them: nickname, with the account when it differs. */
export function memberName(nickname: string, account: string): string {
  if (!nickname) return account;
  return nickname === account ? nickname : `${nickname} (${account})`;
}
