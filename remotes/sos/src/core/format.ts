/** An ISO time in the interface language, to the second (an SOS is a matter of seconds). */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** How long since `startedAt`, as mm:ss (minutes go past 59 rather than hide in hours). */
export function formatWaited(startedAt: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const mm = Math.floor(s / 60);
  return `${String(mm).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** lat, lng to five places (about a metre), or null without a position. */
export function formatPosition(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null) return null;
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** "Nickname (account)", the way the console names a member. */
export function memberName(nickname: string, account: string): string {
  return nickname && nickname !== account ? `${nickname} (${account})` : account;
}
