import { localSettingsSchema } from '@ptt/contracts';
import type { LocalSettings } from '@ptt/contracts';

/** The PTT section's fields as typed: numbers stay text until they are checked. */
export interface PttDraft {
  pttKey: string;
  pressTime: string;
  maxDuration: string;
}

export type PttField = keyof PttDraft;
export type PttErrors = Partial<Record<PttField, string>>;

const FIELD_OF: Record<string, PttField> = { pttKey: 'pttKey', pressTimeMs: 'pressTime', pttMaxDurationS: 'maxDuration' };

export function pttDraftOf(settings: LocalSettings): PttDraft {
  return { pttKey: settings.pttKey, pressTime: String(settings.pressTimeMs), maxDuration: String(settings.pttMaxDurationS) };
}

/** An empty box is "required", not 0: Number('') would quietly turn it into "must be greater than 0". */
function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * Checks the draft with the contracts' settings schema (spec section 5): the settings to save when
 * valid, otherwise the message key of each wrong field.
 */
export function checkPtt(base: LocalSettings, draft: PttDraft): { settings: LocalSettings | null; errors: PttErrors } {
  const result = localSettingsSchema.safeParse({
    ...base,
    pttKey: draft.pttKey,
    pressTimeMs: numberOrUndefined(draft.pressTime),
    pttMaxDurationS: numberOrUndefined(draft.maxDuration),
  });
  if (result.success) return { settings: result.data, errors: {} };
  const errors: PttErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { settings: null, errors };
}
