import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Device } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useDeleteDeviceMutation } from '../api';

interface Props {
  device: Device;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting: the device's log goes with it (the operation record stays). */
export function DeleteDeviceDialog({ device, onClose, onDeleted }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices.remove' });
  const [remove] = useDeleteDeviceMutation();
  return (
    <ConfirmDialog
      title={t('title', { name: device.name })}
      confirmLabel={t('confirm')}
      onConfirm={async () => {
        await remove(device.id).unwrap();
        onDeleted();
      }}
      onClose={onClose}
    >
      <Text>{t('question', { name: device.name })}</Text>
    </ConfirmDialog>
  );
}
