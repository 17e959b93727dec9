import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { PatrolNode } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatDuration } from '../core';
import { NODE_ACTIONS_WIDTH, NodeActions, type NodeAction } from './NodeActions';

export interface ColumnContext {
  /** `node` key prefix. */
  t: TFunction;
  /** `core` key prefix. */
  tc: TFunction;
  shownId: number | null;
  onShow: (node: PatrolNode) => void;
  canManage: boolean;
  onAction: (action: NodeAction, node: PatrolNode) => void;
}

/** The node table's columns. */
export function nodeColumns(c: ColumnContext): DataColumn<PatrolNode>[] {
  const { t, tc } = c;
  return [
    { id: 'name', header: t('column.name'), required: true, sortKey: 'name', cell: (n) => n.name },
    { id: 'methods', header: t('column.methods'), cell: (n) => n.methods.map((m) => tc(`method.${m}`)).join(' · ') },
    { id: 'radius', header: t('column.radius'), cell: (n) => t('radiusM', { count: n.radiusM }) },
    { id: 'nfc', header: t('column.nfc'), cell: (n) => n.nfcTag ?? t('none') },
    { id: 'repeat', header: t('column.repeat'), cell: (n) => formatDuration(tc, n.repeatS) },
    { id: 'tasks', header: t('column.tasks'), cell: (n) => n.taskCount },
    {
      id: 'state',
      header: t('column.state'),
      cell: (n) => (
        <Badge appearance="tint" color={n.enabled ? 'success' : 'subtle'}>
          {tc(n.enabled ? 'state.enabled' : 'state.disabled')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: NODE_ACTIONS_WIDTH,
      cell: (n) => <NodeActions node={n} shown={c.shownId === n.id} onShow={() => c.onShow(n)} canManage={c.canManage} onAction={(a) => c.onAction(a, n)} />,
    },
  ];
}
