import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Channel, ChannelMember } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../../core';
import { useRemoveChannelMemberMutation } from '../api';

interface Props {
  channel: Pick<Channel, 'id' | 'name'>;
  member: ChannelMember;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before taking someone off a channel. */
export function RemoveMemberDialog({ channel, member, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.removeMember' });
  const [remove] = useRemoveChannelMemberMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      onConfirm={async () => {
        await remove({ id: channel.id, userId: member.userId }).unwrap();
        onDone();
      }}
      onClose={onClose}
    >
      <Text>{t('question', { name: member.nickname, channel: channel.name })}</Text>
    </ConfirmDialog>
  );
}
