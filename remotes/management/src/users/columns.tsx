import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { UserStatus, UserSummary } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { ROW_ACTIONS_WIDTH, RowActions } from '../core';

/** What can be done to one user; each is offered only when the role may do it. */
export const USER_ACTIONS = ['edit', 'role', 'password', 'lock', 'unlock', 'delete', 'avatar', 'tags', 'blacklist', 'details', 'track'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

const STATUS_COLOR: Record<UserStatus, 'success' | 'danger' | 'warning' | 'informative' | 'subtle'> = {
  online: 'success',
  busy: 'danger',
  dnd: 'danger',
  away: 'warning',
  invisible: 'subtle',
  offline: 'subtle',
  unknown: 'informative',
};

interface ColumnsInput {
  /** The users namespace's t (keyPrefix users). */
  t: TFunction;
  /** The common namespace's t (user statuses). */
  common: TFunction;
  presence: ReadonlyMap<number, UserStatus>;
  /** The actions the signed-in role may take. */
  allowed: ReadonlySet<UserAction>;
  onAction: (action: UserAction, user: UserSummary) => void;
}

export const statusOf = (presence: ReadonlyMap<number, UserStatus>, u: UserSummary): UserStatus => presence.get(u.id) ?? 'offline';

/** The actions of one row: lock or unlock as the row stands, the rest as allowed. */
export function rowActions(u: UserSummary, allowed: ReadonlySet<UserAction>): UserAction[] {
  return USER_ACTIONS.filter((a) => allowed.has(a) && !(a === 'lock' && u.locked) && !(a === 'unlock' && !u.locked));
}

export function userColumns({ t, common, presence, allowed, onAction }: ColumnsInput): DataColumn<UserSummary>[] {
  const count = (n: number | undefined) => (n === undefined ? t('none') : String(n));
  return [
    { id: 'account', header: t('column.account'), cell: (u) => u.account, sortKey: 'account', required: true },
    { id: 'nickname', header: t('column.nickname'), cell: (u) => u.nickname, sortKey: 'nickname' },
    { id: 'uid', header: t('column.uid'), cell: (u) => u.id, sortKey: 'id' },
    { id: 'role', header: t('column.role'), cell: (u) => t(`role.${u.role}`), sortKey: 'role' },
    {
      id: 'locked',
      header: t('column.locked'),
      cell: (u) => (
        <Badge appearance="tint" color={u.locked ? 'danger' : 'success'}>
          {t(u.locked ? 'lockState.locked' : 'lockState.normal')}
        </Badge>
      ),
    },
    { id: 'dispatcher', header: t('column.dispatcher'), cell: (u) => u.dispatcherNickname ?? t('none') },
    {
      id: 'status',
      header: t('column.status'),
      cell: (u) => {
        const status = statusOf(presence, u);
        const label = common(`userStatus.${status}`);
        return (
          <Badge appearance="tint" color={STATUS_COLOR[status]}>
            {label}
          </Badge>
        );
      },
    },
    { id: 'devices', header: t('column.devices'), cell: (u) => count(u.deviceCount) },
    { id: 'channels', header: t('column.channels'), cell: (u) => count(u.channelCount) },
    { id: 'tags', header: t('column.tags'), cell: (u) => (u.tags.length > 0 ? u.tags.join(', ') : t('none')) },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: ROW_ACTIONS_WIDTH,
      // Edit is a button of its own; the rest are in the menu.
      cell: (u) => (
        <RowActions
          name={u.nickname}
          primary={['edit']}
          actions={rowActions(u, allowed).map((a) => ({ id: a, label: t(`action.${a}`), onSelect: () => onAction(a, u) }))}
        />
      ),
    },
  ];
}
