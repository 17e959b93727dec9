/** An ISO time in the interface language, to the minute. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
