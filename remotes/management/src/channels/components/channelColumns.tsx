import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { Channel } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { ROW_ACTIONS_WIDTH, RowActions } from '../../core';
import { channelState, type ChannelState } from '../api';
import { formatTime } from '../format';

export type ChannelAction = 'members' | 'addMembers' | 'edit' | 'suspend' | 'resume' | 'disband' | 'delete';

/** What the role may do at all (useCan); a row then offers what its state allows. */
export type Allowed = ReadonlySet<ChannelAction>;

const BY_STATE: Record<ChannelState, ChannelAction[]> = {
  enabled: ['members', 'addMembers', 'edit', 'suspend', 'disband', 'delete'],
  suspended: ['members', 'addMembers', 'edit', 'resume', 'disband', 'delete'],
  // A disbanded channel keeps its record only; deleting it is how its history goes.
  disbanded: ['delete'],
};

const STATE_COLOR = { enabled: 'success', suspended: 'warning', disbanded: 'subtle' } as const;

/** The channels table's columns; `t` has the `channels` key prefix. */
export function channelColumns(t: TFunction, language: string, allowed: Allowed, onAction: (action: ChannelAction, c: Channel) => void): DataColumn<Channel>[] {
  return [
    { id: 'id', header: t('column.id'), cell: (c) => c.id, sortKey: 'id' },
    {
      id: 'name',
      header: t('column.name'),
      required: true,
      sortKey: 'name',
      cell: (c) => (
        <>
          {c.name}
          {c.isEnterprise && (
            <>
              {' '}
              <Badge appearance="outline" color="informative">
                {t('enterprise')}
              </Badge>
            </>
          )}
        </>
      ),
    },
    { id: 'createdAt', header: t('column.createdAt'), cell: (c) => formatTime(c.createdAt, language), sortKey: 'createdAt' },
    {
      id: 'state',
      header: t('column.state'),
      cell: (c) => {
        const state = channelState(c);
        return (
          <Badge appearance="tint" color={STATE_COLOR[state]}>
            {t(`state.${state}`)}
          </Badge>
        );
      },
    },
    { id: 'members', header: t('column.members'), cell: (c) => c.memberCount, sortKey: 'memberCount' },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: ROW_ACTIONS_WIDTH,
      // Members is a button of its own; the rest are in the menu.
      cell: (c) => (
        <RowActions
          name={c.name}
          primary={['members']}
          actions={BY_STATE[channelState(c)]
            .filter((a) => allowed.has(a))
            .map((a) => ({ id: a, label: t(`action.${a}`), onSelect: () => onAction(a, c) }))}
        />
      ),
    },
  ];
}
