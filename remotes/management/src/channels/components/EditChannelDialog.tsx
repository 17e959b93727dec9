import { useTranslation } from 'react-i18next';
import { updateChannelSchema, type Channel } from '@ptt/contracts';
import { FormDialog, type FormSchema } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { useRenameChannelMutation, useSetChannelEnabledMutation } from '../api';
import { NAME_REFUSALS, refusalOn } from './refusals';

interface Props {
  channel: Channel;
  onClose: () => void;
  onSaved: (name: string) => void;
}

interface ChannelEdit {
  name: string;
  enabled: boolean;
}

/** The name is the server's own rule (PATCH); the state is a choice of two, sent as suspend or resume. */
const editSchema: FormSchema<ChannelEdit> = {
  safeParse(value) {
    const { name, state } = value as { name?: unknown; state?: unknown };
    const parsed = updateChannelSchema.safeParse({ name });
    if (!parsed.success) return { success: false, error: { issues: parsed.error.issues } };
    return { success: true, data: { name: parsed.data.name, enabled: state !== 'suspended' } };
  },
};

/** Renames a channel and suspends or resumes it; only what changed is sent. */
export function EditChannelDialog({ channel, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels' });
  const [rename] = useRenameChannelMutation();
  const [setEnabled] = useSetChannelEnabledMutation();
  const canRename = useCan('channel.update');
  const canSuspend = useCan('channel.suspend');
  return (
    <FormDialog
      title={t('editor.editTitle')}
      schema={editSchema}
      initial={{ name: channel.name, state: channel.enabled ? 'enabled' : 'suspended' }}
      fields={[
        { name: 'name', label: t('editor.name'), required: true },
        ...(canSuspend
          ? [
              {
                name: 'state',
                label: t('editor.state'),
                kind: 'select' as const,
                options: [
                  { value: 'enabled', label: t('state.enabled') },
                  { value: 'suspended', label: t('state.suspended') },
                ],
              },
            ]
          : []),
      ]}
      refusalErrors={refusalOn('name', NAME_REFUSALS)}
      submitLabel={t('editor.save')}
      onSubmit={async ({ name, enabled }) => {
        if (canRename && name !== channel.name) await rename({ id: channel.id, name }).unwrap();
        if (canSuspend && enabled !== channel.enabled) await setEnabled({ id: channel.id, enabled }).unwrap();
        onSaved(name);
      }}
      onClose={onClose}
    />
  );
}
