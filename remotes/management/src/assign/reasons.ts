import type { TFunction } from 'i18next';
import { COMMON_NS } from '@ptt/ui';
import type { SheetRowError } from '@ptt/contracts';

/**
 * One row problem in words. The server sends i18n keys (rule.*, validation.*); within a sheet some
 * read better in the wizard's own words: a missing account is an unknown user, a missing channel an
 * unknown channel, and memberAlreadyExists inside a file is a repeated row.
 */
export function reasonText(t: TFunction, e: SheetRowError): string {
  let reason: string;
  if (e.message === 'rule.notFound') reason = t(e.field === 'account' ? 'assign.reason.accountNotFound' : 'assign.reason.channelNotFound');
  else if (e.message === 'rule.memberAlreadyExists') reason = t('assign.reason.duplicate');
  else reason = t(e.message, { ns: COMMON_NS });
  const field = t(`assign.field.${e.field}`, { defaultValue: e.field });
  return e.value ? t('assign.reasonWith', { field, value: e.value, reason }) : t('assign.reasonPlain', { field, reason });
}
