import { Badge, Button, Toolbar } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { Notice } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatTime } from '../format';

export type NoticeAction = 'edit' | 'send' | 'recipients' | 'delete';

/** Drafts can be edited and sent; sent notices show their recipients. Both can be deleted. */
const ACTIONS: Record<Notice['status'], NoticeAction[]> = {
  draft: ['edit', 'send', 'delete'],
  sent: ['recipients', 'delete'],
};

/** The notices table's columns; `t` is the notices namespace's. */
export function noticeColumns(t: TFunction, language: string, onAction: (action: NoticeAction, notice: Notice) => void): DataColumn<Notice>[] {
  return [
    { id: 'title', header: t('column.title'), cell: (n) => n.title, sortKey: 'title', required: true },
    {
      id: 'status',
      header: t('column.status'),
      cell: (n) => (
        <Badge appearance="tint" color={n.status === 'sent' ? 'success' : 'informative'}>
          {t(`status.${n.status}`)}
        </Badge>
      ),
    },
    {
      id: 'recipients',
      header: t('column.recipients'),
      cell: (n) => (n.status === 'sent' ? t('counts', { total: n.recipientCount, delivered: n.deliveredCount, read: n.readCount }) : t('noRecipients')),
    },
    { id: 'time', header: t('column.time'), cell: (n) => formatTime(n.sentAt ?? n.updatedAt, language), sortKey: 'updatedAt' },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      cell: (n) => (
        <Toolbar aria-label={t('rowActions', { title: n.title })} size="small">
          {ACTIONS[n.status].map((action) => (
            <Button key={action} size="small" appearance={action === 'send' ? 'primary' : 'subtle'} onClick={() => onAction(action, n)}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </Toolbar>
      ),
    },
  ];
}
