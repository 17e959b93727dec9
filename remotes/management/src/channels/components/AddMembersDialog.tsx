import { Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addChannelMembersSchema, type Channel, type ChannelMember } from '@ptt/contracts';
import { COMMON_NS, FormDialog, errorKey, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { useAddChannelMembersMutation } from '../api';
import { MEMBER_REFUSALS, refusalOn, refusedUserIds } from './refusals';
import { UserPicker, type UserOption } from './UserPicker';

interface Props {
  channel: Pick<Channel, 'id' | 'name'>;
  onClose: () => void;
  onAdded: (added: ChannelMember[]) => void;
}

/**
 * Adds people to a channel. Anyone of the organisation can be chosen; someone already on the
 * channel is refused by the server (2000): the refusal shows on the field in the spec's words, and
 * under each person it names, so a long choice shows whom to take out.
 */
export function AddMembersDialog({ channel, onClose, onAdded }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'channels.addMembers' });
  const [add] = useAddChannelMembersMutation();
  const [notes, setNotes] = useState<ReadonlyMap<number, string>>(new Map());
  const onMembers = refusalOn('members', MEMBER_REFUSALS);
  const refusalErrors = (error: unknown) => {
    const found = onMembers(error);
    const note = i18n.t(errorKey(error), { ns: COMMON_NS });
    setNotes(new Map(found ? refusedUserIds(error).map((id) => [id, note]) : []));
    return found;
  };
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
          render: ({ value, onChange }) => <UserPicker label={t('people')} selected={value as UserOption[]} onChange={onChange} notes={notes} />,
        },
      ]}
      refusalErrors={refusalErrors}
      submitLabel={t('submit')}
      onSubmit={async (body) => onAdded(await add({ id: channel.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
