import { Badge, ProgressBar, Text, ToggleButton } from '@fluentui/react-components';
import { MapRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import type { PatrolMember } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatTime } from '../core';

export interface ColumnContext {
  /** `member` key prefix. */
  t: TFunction;
  /** `core` key prefix. */
  tc: TFunction;
  language: string;
  selectedUid: number | null;
  onSelect: (member: PatrolMember) => void;
}

function Run({ member, t }: { member: PatrolMember; t: TFunction }) {
  const run = member.currentRun;
  if (!run) return <Text size={200}>{t('noRun')}</Text>;
  const value = run.total > 0 ? run.done / run.total : 0;
  return (
    <span style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 140 }}>
      <Text weight="semibold">{run.taskName}</Text>
      <ProgressBar value={value} thickness="large" color={run.missed > 0 ? 'warning' : 'brand'} aria-label={t('progressOf', { name: member.nickname })} aria-valuetext={t('progress', { done: run.done, total: run.total })} />
      <Text size={200}>
        {t('progress', { done: run.done, total: run.total })}
        {run.missed > 0 ? ` · ${t('missed', { count: run.missed })}` : ''}
      </Text>
    </span>
  );
}

/** The member table's columns. */
export function memberColumns(c: ColumnContext): DataColumn<PatrolMember>[] {
  const { t, tc } = c;
  return [
    { id: 'nickname', header: t('column.nickname'), required: true, sortKey: 'nickname', cell: (m) => m.nickname },
    { id: 'account', header: t('column.account'), sortKey: 'account', cell: (m) => m.account },
    {
      id: 'online',
      header: t('column.online'),
      cell: (m) => (
        <Badge appearance="tint" color={m.online ? 'success' : 'subtle'}>
          {m.online ? t('online') : t('offline')}
        </Badge>
      ),
    },
    { id: 'tasks', header: t('column.tasks'), cell: (m) => m.taskCount },
    { id: 'run', header: t('column.run'), cell: (m) => <Run member={m} t={t} /> },
    { id: 'next', header: t('column.next'), cell: (m) => m.currentRun?.nextNode ?? t('none') },
    {
      id: 'last',
      header: t('column.last'),
      cell: (m) => (m.lastCheckin ? t('lastCheckin', { time: formatTime(m.lastCheckin.time, c.language), node: m.lastCheckin.nodeName, result: tc(`result.${m.lastCheckin.result}`) }) : t('none')),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: 64,
      cell: (m) => <ToggleButton size="small" appearance="subtle" icon={<MapRegular />} checked={c.selectedUid === m.uid} aria-label={t('showOnMap', { name: m.nickname })} onClick={() => c.onSelect(m)} />,
    },
  ];
}
