import { useTranslation } from 'react-i18next';
import { createUserSchema, type UserDetail } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { useCreateUserMutation } from '../api';
import { roleInput, roleOptions } from '../roles';
import { dispatcherInput, useDispatcherOptions } from './useDispatcherOptions';

interface Props {
  onClose: () => void;
  onAdded: (user: UserDetail) => void;
}

/** A new account of the organisation (it joins the enterprise channel), checked with the server's schema. */
export function AddUserDialog({ onClose, onAdded }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [create] = useCreateUserMutation();
  const dispatchers = useDispatcherOptions();
  const manageAdmins = useCan('user.manageAdmins');
  return (
    <FormDialog
      title={t('add.title')}
      schema={createUserSchema}
      initial={{ account: '', nickname: '', password: '', role: '0', dispatcherId: '', channelRemark: '' }}
      toInput={(v: FormValues) => ({
        account: v.account,
        nickname: v.nickname,
        password: v.password,
        role: roleInput(v.role),
        dispatcherId: dispatcherInput(v.dispatcherId),
        channelRemark: v.channelRemark === '' ? undefined : v.channelRemark,
      })}
      fields={[
        { name: 'account', label: t('add.account'), required: true, autoComplete: 'off' },
        { name: 'nickname', label: t('add.nickname'), required: true },
        { name: 'password', label: t('add.password'), kind: 'password', required: true, autoComplete: 'new-password' },
        { name: 'role', label: t('add.role'), kind: 'select', options: roleOptions(t, manageAdmins) },
        { name: 'dispatcherId', label: t('add.dispatcher'), kind: 'select', options: dispatchers },
        { name: 'channelRemark', label: t('add.remark') },
      ]}
      submitLabel={t('add.submit')}
      onSubmit={async (body) => onAdded(await create(body).unwrap())}
      onClose={onClose}
    />
  );
}
