import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Toolbar,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@ptt/contracts';
import { formatTime } from '../format';
import { NS } from '../strings';

export type NoticeAction = 'edit' | 'send' | 'recipients' | 'delete';

interface Props {
  notices: Notice[];
  onAction: (action: NoticeAction, notice: Notice) => void;
}

/** Drafts can be edited and sent; sent notices show their recipients. Both can be deleted. */
const ACTIONS: Record<Notice['status'], NoticeAction[]> = {
  draft: ['edit', 'send', 'delete'],
  sent: ['recipients', 'delete'],
};

export function NoticeTable({ notices, onAction }: Props) {
  const { t, i18n } = useTranslation(NS);
  return (
    <Table aria-label={t('listLabel')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('column.title')}</TableHeaderCell>
          <TableHeaderCell>{t('column.status')}</TableHeaderCell>
          <TableHeaderCell>{t('column.recipients')}</TableHeaderCell>
          <TableHeaderCell>{t('column.time')}</TableHeaderCell>
          <TableHeaderCell>{t('column.actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {notices.map((n) => (
          <TableRow key={n.id} data-testid={`notice-${n.id}`}>
            <TableCell>{n.title}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={n.status === 'sent' ? 'success' : 'informative'}>
                {t(`status.${n.status}`)}
              </Badge>
            </TableCell>
            <TableCell>
              {n.status === 'sent'
                ? t('counts', { total: n.recipientCount, delivered: n.deliveredCount, read: n.readCount })
                : t('noRecipients')}
            </TableCell>
            <TableCell>{formatTime(n.sentAt ?? n.updatedAt, i18n.language)}</TableCell>
            <TableCell>
              <Toolbar aria-label={t('rowActions', { title: n.title })} size="small">
                {ACTIONS[n.status].map((action) => (
                  <Button key={action} size="small" appearance={action === 'send' ? 'primary' : 'subtle'} onClick={() => onAction(action, n)}>
                    {t(`action.${action}`)}
                  </Button>
                ))}
              </Toolbar>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
