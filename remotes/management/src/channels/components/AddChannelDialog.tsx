import { useTranslation } from 'react-i18next';
import { createChannelSchema, type ChannelDetail } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { useCreateChannelMutation } from '../api';
import { NAME_REFUSALS, refusalOn } from './refusals';
import { UserPicker, type UserOption } from './UserPicker';

interface Props {
  onClose: () => void;
  onCreated: (channel: ChannelDetail) => void;
}

/** A new channel: its name (the spec's refusals before sending) and, optionally, its first members. */
export function AddChannelDialog({ onClose, onCreated }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels.editor' });
  const [create] = useCreateChannelMutation();
  const withMembers = useCan('channel.members.manage');
  const toInput = (v: FormValues) => {
    const people = (v.memberIds ?? []) as UserOption[];
    return { name: v.name, memberIds: people.length > 0 ? people.map((p) => p.id) : undefined };
  };
  return (
    <FormDialog
      title={t('createTitle')}
      schema={createChannelSchema}
      initial={{ name: '', memberIds: [] }}
      toInput={toInput}
      fields={[
        { name: 'name', label: t('name'), required: true },
        ...(withMembers
          ? [
              {
                name: 'memberIds',
                label: t('members'),
                hint: t('membersHint'),
                render: ({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) => (
                  <UserPicker label={t('members')} selected={value as UserOption[]} onChange={onChange} />
                ),
              },
            ]
          : []),
      ]}
      refusalErrors={refusalOn('name', NAME_REFUSALS)}
      submitLabel={t('save')}
      onSubmit={async (body) => onCreated(await create(body).unwrap())}
      onClose={onClose}
    />
  );
}
