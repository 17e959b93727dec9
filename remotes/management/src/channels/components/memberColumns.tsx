import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { ChannelMember } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { ROW_ACTIONS_WIDTH, RowActions } from '../../core';
import { formatTime } from '../format';

export type MemberAction = 'edit' | 'toggle' | 'remove';

const MEMBER_ACTIONS: readonly MemberAction[] = ['edit', 'toggle', 'remove'];

/** An action's name on the member's row: toggle says what it does to this member. */
function actionLabel(t: TFunction, action: MemberAction, m: ChannelMember): string {
  if (action === 'toggle') return t(m.enabled ? 'members.disable' : 'members.enable');
  return t(`members.${action}`);
}

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
      width: ROW_ACTIONS_WIDTH,
      // Edit is a button of its own; enabling and removing are in the menu.
      cell: (m) => (
        <RowActions
          name={m.nickname}
          primary={['edit']}
          actions={MEMBER_ACTIONS.map((a) => ({ id: a, label: actionLabel(t, a, m), onSelect: () => onAction(a, m) }))}
        />
      ),
    },
  ];
}
