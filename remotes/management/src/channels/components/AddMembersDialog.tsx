import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { addChannelMembersSchema, type Channel, type ChannelMember } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { useAddChannelMembersMutation } from '../api';
import { MEMBER_REFUSALS, refusalOn } from './refusals';
import { UserPicker, type UserOption } from './UserPicker';

interface Props {
  channel: Pick<Channel, 'id' | 'name'>;
  onClose: () => void;
  onAdded: (added: ChannelMember[]) => void;
}

/**
 * Adds people to a channel. Anyone of the organisation can be chosen; someone already on the
 * channel is refused by the server (2000) and the refusal shows on the field in the spec's words.
 */
export function AddMembersDialog({ channel, onClose, onAdded }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.addMembers' });
  const [add] = useAddChannelMembersMutation();
  const toInput = (v: FormValues) => ({ members: ((v.members ?? []) as UserOption[]).map((u) => ({ userId: u.id })) });
  return (
    <FormDialog
      title={t('title', { name: channel.name })}
      intro={<Text>{t('hint')}</Text>}
      schema={addChannelMembersSchema}
      initial={{ members: [] }}
      toInput={toInput}
      fields={[
        {
          name: 'members',
          label: t('people'),
          required: true,
          render: ({ value, onChange }) => <UserPicker label={t('people')} selected={value as UserOption[]} onChange={onChange} />,
        },
      ]}
      refusalErrors={refusalOn('members', MEMBER_REFUSALS)}
      submitLabel={t('submit')}
      onSubmit={async (body) => onAdded(await add({ id: channel.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
