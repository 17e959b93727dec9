import type { TFunction } from 'i18next';
import { isApiError } from '@ptt/event-bus';
import { serverCodeI18nKey, ServerCode } from '@ptt/contracts';

/** A failed call as the user reads it: the server code's text (or the network error's). */
export function errorText(t: TFunction, e: unknown): string {
  const key = isApiError(e) ? e.i18nKey : serverCodeI18nKey(ServerCode.ServiceException);
  return t(key, { ns: 'common' });
}

/** An ISO time in the interface language, to the minute. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** zod issues of a form as field -> i18n key (the first issue of each field). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}
