import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema, type UserSummary } from '@ptt/contracts';
import { FormDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useResetPasswordMutation } from '../api';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onReset: () => void;
}

/** A new password for someone else's account; the server ends their sessions. */
export function ResetPasswordDialog({ user, onClose, onReset }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [reset] = useResetPasswordMutation();
  return (
    <FormDialog
      title={t('password.title', { name: user.nickname })}
      intro={<Text>{t('password.hint')}</Text>}
      schema={resetPasswordSchema}
      initial={{ password: '' }}
      fields={[{ name: 'password', label: t('password.label'), kind: 'password', required: true, autoComplete: 'new-password' }]}
      submitLabel={t('password.submit')}
      onSubmit={async (body) => {
        await reset({ id: user.id, password: body.password }).unwrap();
        onReset();
      }}
      onClose={onClose}
    />
  );
}
