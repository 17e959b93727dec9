import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { useDeleteNoticeMutation } from '../api';
import { NS } from '../strings';

interface Props {
  notice: Notice;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a sent notice also leaves its recipients' inboxes. */
export function DeleteNoticeDialog({ notice, onClose, onDeleted }: Props) {
  const { t } = useTranslation(NS);
  const [remove] = useDeleteNoticeMutation();
  return (
    <ConfirmDialog
      title={t('remove.title')}
      confirmLabel={t('remove.confirm')}
      cancelLabel={t('remove.cancel')}
      onConfirm={async () => {
        await remove(notice.id).unwrap();
        onDeleted();
      }}
      onClose={onClose}
    >
      <Text>{t('remove.question', { title: notice.title })}</Text>
      {notice.status === 'sent' && <Text>{t('remove.sentWarning')}</Text>}
    </ConfirmDialog>
  );
}
