import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Device } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useCancelDeviceAccountMutation } from '../api';

interface Props {
  device: Device;
  onClose: () => void;
  onDone: (device: Device) => void;
}

/** Unbinds the device's account; the device stays active for a later assign or re-activation. */
export function CancelAccountDialog({ device, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices.cancel' });
  const [cancel] = useCancelDeviceAccountMutation();
  return (
    <ConfirmDialog
      title={t('title', { name: device.name })}
      confirmLabel={t('confirm')}
      cancelLabel={t('keep')}
      onConfirm={async () => onDone(await cancel(device.id).unwrap())}
      onClose={onClose}
    >
      <Text>{t('question', { name: device.name, account: device.user?.account ?? '', nickname: device.user?.nickname ?? '' })}</Text>
    </ConfirmDialog>
  );
}
