import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useDeleteChannelMutation } from '../api';

interface Props {
  channel: Channel;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Deleting cannot be undone, so the channel's name must be typed first. The enterprise channel is
 * offered too: the server's refusal (2017) says in words why it stays.
 */
export function DeleteChannelDialog({ channel, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.remove' });
  const [remove] = useDeleteChannelMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      typedConfirmation={channel.name}
      onConfirm={async () => {
        await remove(channel.id).unwrap();
        onDone();
      }}
      onClose={onClose}
    >
      <Text>{t('question', { name: channel.name })}</Text>
    </ConfirmDialog>
  );
}
