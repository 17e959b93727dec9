import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useDeleteUserMutation } from '../api';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a dispatcher is refused by the server ('Dispatcher cannot delete'), shown in the dialog. */
export function DeleteUserDialog({ user, onClose, onDeleted }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [remove] = useDeleteUserMutation();
  return (
    <ConfirmDialog
      title={t('remove.title', { name: user.nickname })}
      confirmLabel={t('remove.confirm')}
      cancelLabel={t('cancel')}
      onConfirm={async () => {
        await remove(user.id).unwrap();
        onDeleted();
      }}
      onClose={onClose}
    >
      <Text>{t('remove.text', { account: user.account })}</Text>
    </ConfirmDialog>
  );
}
