import { useTranslation } from 'react-i18next';
import type { Page } from '@ptt/contracts';
import { CLIENT_ERROR_KEYS, NETWORK_ERROR_CODE, ServerCode } from '@ptt/contracts';
import { COMMON_NS } from '../i18n/i18n';
import { errorKey } from '../kit/errors';

/**
 * A list that could not load says so in the spec's words ("information load failed") unless the
 * server refused for a reason of its own (permissions, an expired organisation), which it names.
 */
function loadFailureKey(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === NETWORK_ERROR_CODE || code === ServerCode.ServiceException || typeof code !== 'number' ? CLIENT_ERROR_KEYS.infoLoadFailed : errorKey(error);
}

/** The part of an RTK Query list result a table reads. */
export interface ListResult<T> {
  data?: Page<T> | undefined;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list query's result as DataTable props: rows, total, loading, the failure in the code's words, retry. */
export function useListResult<T>(result: ListResult<T>) {
  const { t } = useTranslation(COMMON_NS);
  return {
    rows: result.data?.items,
    total: result.data?.total ?? 0,
    capped: result.data?.capped === true,
    loading: result.isFetching,
    error: result.error ? t(loadFailureKey(result.error)) : null,
    onRetry: () => void result.refetch(),
  };
}
