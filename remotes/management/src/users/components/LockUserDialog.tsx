import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useSetLockedMutation } from '../api';

interface Props {
  user: UserSummary;
  /** true locks, false unlocks. */
  lock: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Lock or unlock after a question; a dispatcher is refused ('Dispatcher is not allowed to lock or delete'). */
export function LockUserDialog({ user, lock, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [setLocked] = useSetLockedMutation();
  return (
    <ConfirmDialog
      title={t(lock ? 'lock.lockTitle' : 'lock.unlockTitle', { name: user.nickname })}
      confirmLabel={t(lock ? 'action.lock' : 'action.unlock')}
      cancelLabel={t('cancel')}
      onConfirm={async () => {
        await setLocked({ id: user.id, locked: lock }).unwrap();
        onDone();
      }}
      onClose={onClose}
    >
      <Text>{t(lock ? 'lock.lockText' : 'lock.unlockText')}</Text>
    </ConfirmDialog>
  );
}
