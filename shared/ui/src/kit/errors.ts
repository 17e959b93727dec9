import { ServerCode, serverCodeI18nKey } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';

/** One zod-style issue: where it is and its i18n key. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The i18n key (in the common namespace) of a failed call: the server's refusal (an ApiError, or
 * the plain failure RTK Query keeps), or 500 for anything else.
 */
export function errorKey(e: unknown): string {
  if (isApiError(e)) return e.i18nKey;
  const key = (e as { i18nKey?: unknown } | null)?.i18nKey;
  return typeof key === 'string' ? key : serverCodeI18nKey(ServerCode.ServiceException);
}

/** Issues as field -> i18n key, the first issue of each field winning. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * The field errors a 2004 refusal carries in `data.issues` (the server checks with the same
 * schema); the server writes each path as one dotted string, so its first segment is the field.
 */
export function serverFieldErrors(e: unknown): Record<string, string> {
  if (!isApiError(e)) return {};
  const issues = (e.data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  const out: Record<string, string> = {};
  for (const item of issues as unknown[]) {
    const { path, message } = (item ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string' || !message.startsWith('validation.')) continue;
    const field = Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? (path.split('.')[0] ?? '') : '';
    out[field] ??= message;
  }
  return out;
}
