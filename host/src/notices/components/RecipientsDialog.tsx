import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice, NoticeRecipient, Page } from '@ptt/contracts';
import { useServices } from '../../app/services';
import { listRecipients } from '../api';
import { errorText, formatTime } from '../format';
import { NS } from '../strings';

interface Props {
  notice: Notice;
  onClose: () => void;
}

/** Who a sent notice went to, with the time it reached each person and the time they opened it. */
export function RecipientsDialog({ notice, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const { api } = useServices();
  const [page, setPage] = useState<Page<NoticeRecipient> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listRecipients(api, notice.id).then(
      (p) => live && setPage(p),
      (e: unknown) => live && setFailure(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [api, notice.id, t]);

  const when = (iso: string | null) => (iso ? formatTime(iso, i18n.language) : t('recipients.notYet'));
  const counts = { delivered: notice.deliveredCount, read: notice.readCount };
  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 760 }}>
        <DialogBody>
          <DialogTitle>{t('recipients.title', { title: notice.title })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {failure && (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {!page && !failure && <Spinner size="small" />}
            {page && (
              <>
                <Text>{t('recipients.summary', { ...counts, total: page.total })}</Text>
                <Table size="small" aria-label={t('recipients.title', { title: notice.title })}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('recipients.nickname')}</TableHeaderCell>
                      <TableHeaderCell>{t('recipients.account')}</TableHeaderCell>
                      <TableHeaderCell>{t('recipients.delivered')}</TableHeaderCell>
                      <TableHeaderCell>{t('recipients.read')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {page.items.map((r) => (
                      <TableRow key={r.uid}>
                        <TableCell>{r.nickname}</TableCell>
                        <TableCell>{r.account}</TableCell>
                        <TableCell>{when(r.deliveredAt)}</TableCell>
                        <TableCell>{when(r.readAt)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {page.total > page.items.length && <Text>{t('recipients.more', { shown: page.items.length, total: page.total })}</Text>}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('recipients.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
