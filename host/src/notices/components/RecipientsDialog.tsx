import { Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice, NoticeRecipient } from '@ptt/contracts';
import { DataTable, ViewDialog, useListResult, useTableQuery, type DataColumn } from '@ptt/ui';
import { RECIPIENTS_SIZE, useNoticeRecipientsQuery } from '../api';
import { formatTime } from '../format';
import { NS } from '../strings';

interface Props {
  notice: Notice;
  onClose: () => void;
}

/** Who a sent notice went to, with the time it reached each person and the time they opened it. */
export function RecipientsDialog({ notice, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const { query, setQuery } = useTableQuery({ page: 1, size: RECIPIENTS_SIZE, sort: 'nickname', order: 'asc', filters: {} });
  const list = useListResult(useNoticeRecipientsQuery({ id: notice.id, query }));
  const columns = useMemo((): DataColumn<NoticeRecipient>[] => {
    const when = (iso: string | null) => (iso ? formatTime(iso, i18n.language) : t('recipients.notYet'));
    return [
      { id: 'nickname', header: t('recipients.nickname'), cell: (r) => r.nickname, sortKey: 'nickname', required: true },
      { id: 'account', header: t('recipients.account'), cell: (r) => r.account, sortKey: 'account' },
      { id: 'delivered', header: t('recipients.delivered'), cell: (r) => when(r.deliveredAt), sortKey: 'deliveredAt' },
      { id: 'read', header: t('recipients.read'), cell: (r) => when(r.readAt), sortKey: 'readAt' },
    ];
  }, [t, i18n.language]);
  const title = t('recipients.title', { title: notice.title });
  return (
    <ViewDialog title={title} onClose={onClose} wide>
      <Text>{t('recipients.summary', { delivered: notice.deliveredCount, read: notice.readCount, total: notice.recipientCount })}</Text>
      <DataTable label={title} columns={columns} {...list} rowId={(r) => r.uid} query={query} onQueryChange={setQuery} columnsKey="noticeRecipients" />
    </ViewDialog>
  );
}
