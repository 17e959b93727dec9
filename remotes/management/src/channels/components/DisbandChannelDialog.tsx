import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useDisbandChannelMutation } from '../api';

interface Props {
  channel: Channel;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before disbanding: every member leaves. The enterprise channel is refused in 2017's words. */
export function DisbandChannelDialog({ channel, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.disband' });
  const [disband] = useDisbandChannelMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      onConfirm={async () => {
        await disband(channel.id).unwrap();
        onDone();
      }}
      onClose={onClose}
    >
      <Text>{t('question', { name: channel.name })}</Text>
    </ConfirmDialog>
  );
}
