import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { PatrolTask } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatDuration, formatTime, scheduleSummary } from '../core';
import { TASK_ACTIONS_WIDTH, TaskActions, type TaskAction } from './TaskActions';

export interface ColumnContext {
  /** `task` key prefix. */
  t: TFunction;
  /** `core` key prefix. */
  tc: TFunction;
  language: string;
  canManage: boolean;
  onAction: (action: TaskAction, task: PatrolTask) => void;
}

/** The task table's columns. */
export function taskColumns(c: ColumnContext): DataColumn<PatrolTask>[] {
  const { t, tc } = c;
  const columns: DataColumn<PatrolTask>[] = [
    { id: 'name', header: t('column.name'), required: true, sortKey: 'name', cell: (task) => task.name },
    { id: 'order', header: t('column.order'), cell: (task) => tc(`order.${task.order}`) },
    { id: 'stops', header: t('column.stops'), cell: (task) => task.nodeCount },
    { id: 'span', header: t('column.span'), cell: (task) => formatDuration(tc, task.plannedS) },
    { id: 'schedule', header: t('column.schedule'), cell: (task) => scheduleSummary(tc, task.schedule) },
    { id: 'next', header: t('column.next'), cell: (task) => (task.nextStart ? formatTime(task.nextStart, c.language) : t('none')) },
    { id: 'members', header: t('column.members'), cell: (task) => t('members', { users: task.userCount, channels: task.channelCount }) },
    {
      id: 'state',
      header: t('column.state'),
      cell: (task) => (
        <Badge appearance="tint" color={task.enabled ? 'success' : 'subtle'}>
          {tc(task.enabled ? 'state.enabled' : 'state.disabled')}
        </Badge>
      ),
    },
  ];
  if (c.canManage) {
    columns.push({ id: 'actions', header: t('column.actions'), required: true, width: TASK_ACTIONS_WIDTH, cell: (task) => <TaskActions task={task} onAction={(a) => c.onAction(a, task)} /> });
  }
  return columns;
}
