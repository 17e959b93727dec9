import { ServerCode, serverCodeI18nKey } from '@ptt/contracts';
import type { AllCallResult } from '@ptt/contracts';
import type { ServerFailure } from '@ptt/ui';

/** The key a refusal is shown with (common namespace): the first validation issue's when there is one, else the code's. */
export function refusalKey(e: unknown): string {
  const failure = e as Partial<ServerFailure>;
  const issues = (failure.data as { issues?: { message?: unknown }[] } | null | undefined)?.issues;
  const first = issues?.[0]?.message;
  if (typeof first === 'string' && first !== '') return first;
  return failure.i18nKey ?? 'result.operate.failure';
}

/** One all-call channel's refusal as a common key: its rule's (`rule.pttChannelOccupied`), else its code's. */
export function resultReasonKey(r: AllCallResult): string {
  if (r.reason) return r.reason.includes('.') ? r.reason : `rule.${r.reason}`;
  return serverCodeI18nKey(r.code ?? ServerCode.ServiceException);
}
