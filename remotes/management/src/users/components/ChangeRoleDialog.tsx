import { useTranslation } from 'react-i18next';
import { updateUserSchema, type UserDetail, type UserSummary } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { useUpdateUserMutation } from '../api';
import { roleInput, roleOptions } from '../roles';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onChanged: (user: UserDetail) => void;
}

/** A new role; the last dispatcher keeps theirs (2030, 'at least one dispatcher'), shown as the server says. */
export function ChangeRoleDialog({ user, onClose, onChanged }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [update] = useUpdateUserMutation();
  const manageAdmins = useCan('user.manageAdmins');
  return (
    <FormDialog
      title={t('changeRole.title', { name: user.nickname })}
      schema={updateUserSchema}
      initial={{ role: String(user.role) }}
      toInput={(v: FormValues) => ({ role: roleInput(v.role) })}
      fields={[{ name: 'role', label: t('add.role'), kind: 'select', options: roleOptions(t, manageAdmins || user.role >= 50) }]}
      submitLabel={t('changeRole.submit')}
      onSubmit={async (body) => onChanged(await update({ id: user.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
