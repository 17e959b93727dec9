import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { deviceAccountSchema, type Device } from '@ptt/contracts';
import { FormDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useBindDeviceAccountMutation, type AccountAction } from '../api';
import { AccountPicker, type AccountChoice } from './AccountPicker';

interface Props {
  device: Device;
  /** First activation, re-activation with a new account, or assign: the same form, three calls. */
  action: AccountAction;
  onClose: () => void;
  onDone: (device: Device) => void;
}

/**
 * Binds one account to the device. Without a choice the schema's 'UID required' shows before
 * anything is sent; an account bound elsewhere is refused by the server (2036) in its words.
 */
export function AccountDialog({ device, action, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices.account' });
  const [bind] = useBindDeviceAccountMutation();
  return (
    <FormDialog
      title={t(`${action}Title`, { name: device.name })}
      intro={<Text>{t(`${action}Intro`)}</Text>}
      schema={deviceAccountSchema}
      ns={NS}
      initial={{ uid: null }}
      toInput={(v) => ({ uid: (v.uid as AccountChoice | null)?.uid })}
      fields={[
        {
          name: 'uid',
          label: t('label'),
          required: true,
          render: ({ value, onChange, invalid }) => <AccountPicker value={value as AccountChoice | null} onChange={onChange} invalid={invalid} />,
        },
      ]}
      submitLabel={t(action)}
      onSubmit={async ({ uid }) => onDone(await bind({ id: device.id, action, uid }).unwrap())}
      onClose={onClose}
    />
  );
}
