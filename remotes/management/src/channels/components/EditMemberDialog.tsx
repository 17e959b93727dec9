import { useTranslation } from 'react-i18next';
import { Role, updateChannelMemberSchema, type ChannelMember } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { useUpdateChannelMemberMutation } from '../api';

interface Props {
  channelId: number;
  member: ChannelMember;
  onClose: () => void;
  onSaved: () => void;
}

const ROLES = [Role.User, Role.Dispatcher, Role.Admin, Role.SuperAdmin] as const;

/** Typed text as the schema reads it: numbers for role and level (blank level left out). */
function toInput(v: FormValues) {
  const level = typeof v.level === 'string' && v.level.trim() !== '' ? Number(v.level) : undefined;
  return { role: Number(v.role), level, remark: v.remark };
}

/** A member's role, level and remark in this channel; the server checks them with the same schema. */
export function EditMemberDialog({ channelId, member, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'channels' });
  const [update] = useUpdateChannelMemberMutation();
  return (
    <FormDialog
      title={t('member.title', { name: member.nickname })}
      schema={updateChannelMemberSchema}
      initial={{ role: String(member.role), level: String(member.level), remark: member.remark ?? '' }}
      toInput={toInput}
      fields={[
        { name: 'role', label: t('member.role'), kind: 'select', options: ROLES.map((r) => ({ value: String(r), label: t(`role.${r}`) })) },
        { name: 'level', label: t('member.level'), kind: 'number', hint: t('member.levelHint') },
        { name: 'remark', label: t('member.remark'), kind: 'textarea', rows: 3 },
      ]}
      submitLabel={t('member.save')}
      onSubmit={async (body) => {
        await update({ id: channelId, userId: member.userId, body }).unwrap();
        onSaved();
      }}
      onClose={onClose}
    />
  );
}
