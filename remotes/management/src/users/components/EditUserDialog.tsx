import { useTranslation } from 'react-i18next';
import { updateUserSchema, type UserDetail, type UserSummary } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { useUpdateUserMutation } from '../api';
import { roleInput, roleOptions } from '../roles';
import { dispatcherInput, useDispatcherOptions } from './useDispatcherOptions';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onSaved: (user: UserDetail) => void;
}

/**
 * Nickname, role, dispatcher and channel remark. Only what changed is sent, so saving a nickname
 * of the last dispatcher is not a role change the server would refuse (2030).
 */
export function EditUserDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [update] = useUpdateUserMutation();
  const dispatchers = useDispatcherOptions();
  const manageAdmins = useCan('user.manageAdmins');
  const toInput = (v: FormValues) => {
    const role = roleInput(v.role);
    const dispatcherId = dispatcherInput(v.dispatcherId);
    const remark = typeof v.channelRemark === 'string' && v.channelRemark.trim() !== '' ? v.channelRemark : null;
    return {
      nickname: v.nickname,
      ...(role !== user.role ? { role } : {}),
      ...(dispatcherId !== user.dispatcherId ? { dispatcherId } : {}),
      ...(remark !== user.channelRemark ? { channelRemark: remark } : {}),
    };
  };
  return (
    <FormDialog
      title={t('edit.title', { name: user.nickname })}
      schema={updateUserSchema}
      initial={{
        nickname: user.nickname,
        role: String(user.role),
        dispatcherId: user.dispatcherId === null ? '' : String(user.dispatcherId),
        channelRemark: user.channelRemark ?? '',
      }}
      toInput={toInput}
      fields={[
        { name: 'nickname', label: t('add.nickname'), required: true },
        { name: 'role', label: t('add.role'), kind: 'select', options: roleOptions(t, manageAdmins || user.role >= 50) },
        { name: 'dispatcherId', label: t('add.dispatcher'), kind: 'select', options: dispatchers },
        { name: 'channelRemark', label: t('add.remark') },
      ]}
      submitLabel={t('edit.submit')}
      onSubmit={async (body) => onSaved(await update({ id: user.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
