import { Badge, Button, Toolbar } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { ChannelMember } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatTime } from '../format';

export type MemberAction = 'edit' | 'toggle' | 'remove';

/** The member list's columns; `t` has the `channels` key prefix. Without `manage`, no actions. */
export function memberColumns(t: TFunction, language: string, manage: boolean, onAction: (action: MemberAction, m: ChannelMember) => void): DataColumn<ChannelMember>[] {
  const columns: DataColumn<ChannelMember>[] = [
    { id: 'nickname', header: t('members.column.nickname'), cell: (m) => m.nickname, sortKey: 'nickname', required: true },
    { id: 'account', header: t('members.column.account'), cell: (m) => m.account, sortKey: 'account' },
    { id: 'role', header: t('members.column.role'), cell: (m) => t(`role.${m.role}`), sortKey: 'role' },
    { id: 'level', header: t('members.column.level'), cell: (m) => m.level, sortKey: 'level' },
    { id: 'remark', header: t('members.column.remark'), cell: (m) => m.remark ?? t('members.noRemark') },
    {
      id: 'status',
      header: t('members.column.status'),
      cell: (m) => (
        <Badge appearance="tint" color={m.enabled ? 'success' : 'warning'}>
          {t(m.enabled ? 'members.enabled' : 'members.disabled')}
        </Badge>
      ),
    },
    { id: 'joinedAt', header: t('members.column.joinedAt'), cell: (m) => formatTime(m.joinedAt, language), sortKey: 'joinedAt', hiddenByDefault: true },
  ];
  if (!manage) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: t('members.column.actions'),
      required: true,
      cell: (m) => (
        <Toolbar aria-label={t('members.rowActions', { name: m.nickname })} size="small">
          <Button size="small" appearance="subtle" onClick={() => onAction('edit', m)}>
            {t('members.edit')}
          </Button>
          <Button size="small" appearance="subtle" onClick={() => onAction('toggle', m)}>
            {t(m.enabled ? 'members.disable' : 'members.enable')}
          </Button>
          <Button size="small" appearance="subtle" onClick={() => onAction('remove', m)}>
            {t('members.remove')}
          </Button>
        </Toolbar>
      ),
    },
  ];
}
