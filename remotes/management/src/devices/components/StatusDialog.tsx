import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Device } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useSetDeviceStatusMutation } from '../api';

interface Props {
  device: Device;
  onClose: () => void;
  onDone: (device: Device) => void;
}

/** Toggles available and disabled, saying what a disabled device can no longer do. */
export function StatusDialog({ device, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices' });
  const [setStatus] = useSetDeviceStatusMutation();
  const disable = device.status === 'available';
  return (
    <ConfirmDialog
      title={t(disable ? 'statusChange.disableTitle' : 'statusChange.enableTitle', { name: device.name })}
      confirmLabel={t(disable ? 'action.disable' : 'action.enable')}
      onConfirm={async () => onDone(await setStatus({ id: device.id, status: disable ? 'disabled' : 'available' }).unwrap())}
      onClose={onClose}
    >
      <Text>{t(disable ? 'statusChange.disableQuestion' : 'statusChange.enableQuestion')}</Text>
    </ConfirmDialog>
  );
}
