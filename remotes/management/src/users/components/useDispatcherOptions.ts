import { useTranslation } from 'react-i18next';
import { Role, PAGE_SIZE_MAX } from '@ptt/contracts';
import { NS } from '../../core';
import { NO_FILTERS, useUserListQuery } from '../api';

/** The dispatchers a member can be given, as select options (a first 'no dispatcher' one). */
export function useDispatcherOptions(): { value: string; label: string }[] {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { data } = useUserListQuery({ page: 1, size: PAGE_SIZE_MAX, sort: 'nickname', order: 'asc', filters: { ...NO_FILTERS, role: String(Role.Dispatcher) } });
  return [{ value: '', label: t('edit.noDispatcher') }, ...(data?.items ?? []).map((d) => ({ value: String(d.id), label: `${d.nickname} (${d.account})` }))];
}

/** A select's text as the schema's dispatcher id: '' is none. */
export const dispatcherInput = (v: unknown): number | null => (typeof v === 'string' && v !== '' ? Number(v) : null);
