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
  Text,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@ptt/contracts';
import { useServices } from '../../app/services';
import { deleteNotice } from '../api';
import { errorText } from '../format';
import { NS } from '../strings';

interface Props {
  notice: Notice;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a sent notice also leaves its recipients' inboxes. */
export function DeleteNoticeDialog({ notice, onClose, onDeleted }: Props) {
  const { t } = useTranslation(NS);
  const { api } = useServices();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteNotice(api, notice.id);
      onDeleted();
    } catch (e) {
      setFailure(errorText(t, e));
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('remove.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {failure && (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            <Text>{t('remove.question', { title: notice.title })}</Text>
            {notice.status === 'sent' && <Text>{t('remove.sentWarning')}</Text>}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('remove.cancel')}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {t('remove.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
