import type { UserSummary } from '@ptt/contracts';
import { DEFAULT_MAP } from '@ptt/contracts';
import { TrackDialog } from '@ptt/map';
import { useTranslation } from 'react-i18next';
import { NS, useManagement } from '../../core';
import type { UserAction } from '../columns';
import { AvatarDialog } from './AvatarDialog';
import { BlacklistDialog } from './BlacklistDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { DetailsDialog } from './DetailsDialog';
import { EditUserDialog } from './EditUserDialog';
import { LockUserDialog } from './LockUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { TagsDialog } from './TagsDialog';

interface Props {
  action: UserAction;
  user: UserSummary;
  onClose: () => void;
  /** Closes the dialog and says what was done. */
  onDone: (message: string) => void;
}

/** The dialog of one row action. */
export function UserDialogs({ action, user, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { api, bus } = useManagement();
  const name = user.nickname;
  switch (action) {
    case 'edit':
      return <EditUserDialog user={user} onClose={onClose} onSaved={(u) => onDone(t('edit.done', { name: u.nickname }))} />;
    case 'role':
      return <ChangeRoleDialog user={user} onClose={onClose} onChanged={(u) => onDone(t('changeRole.done', { name, role: t(`role.${u.role}`) }))} />;
    case 'password':
      return <ResetPasswordDialog user={user} onClose={onClose} onReset={() => onDone(t('password.done', { name }))} />;
    case 'lock':
    case 'unlock':
      return <LockUserDialog user={user} lock={action === 'lock'} onClose={onClose} onDone={() => onDone(t(action === 'lock' ? 'lock.lockDone' : 'lock.unlockDone', { name }))} />;
    case 'delete':
      return <DeleteUserDialog user={user} onClose={onClose} onDeleted={() => onDone(t('remove.done', { name }))} />;
    case 'avatar':
      return <AvatarDialog user={user} onClose={onClose} onSaved={() => onDone(t('avatar.done', { name }))} />;
    case 'tags':
      return <TagsDialog user={user} onClose={onClose} onSaved={() => onDone(t('tags.done', { name }))} />;
    case 'blacklist':
      return <BlacklistDialog user={user} onClose={onClose} />;
    case 'details':
      return <DetailsDialog user={user} onClose={onClose} />;
    case 'track':
      // The newest 1000 points, on the map type the console's settings chose.
      return <TrackDialog api={api} userId={user.id} name={name} settings={bus.current('settings')?.map ?? { ...DEFAULT_MAP }} onClose={onClose} />;
  }
}
