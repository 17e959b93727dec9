import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { Fence } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatDwell, ruleHint, ruleName } from '../core';
import { FENCE_ACTIONS_WIDTH, FenceActions, type FenceAction } from './FenceActions';

export interface ColumnContext {
  /** `list` key prefix. */
  t: TFunction;
  /** `core` key prefix. */
  tc: TFunction;
  language: string;
  previewedId: number | null;
  onPreview: (fence: Fence) => void;
  canManage: boolean;
  onAction: (action: FenceAction, fence: Fence) => void;
}

function formatTime(iso: string, language: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
}

/** A stopped fence, or an enabled one in or out of its schedule. */
function State({ fence, tc }: { fence: Fence; tc: TFunction }) {
  if (!fence.enabled) {
    return (
      <Badge appearance="tint" color="subtle">
        {tc('state.disabled')}
      </Badge>
    );
  }
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <Badge appearance="tint" color="success" style={{ whiteSpace: 'nowrap' }}>
        {tc('state.enabled')}
      </Badge>
      <Badge appearance="outline" color={fence.activeNow ? 'brand' : 'warning'} style={{ whiteSpace: 'nowrap' }}>
        {tc(fence.activeNow ? 'state.activeNow' : 'state.outsideSchedule')}
      </Badge>
    </span>
  );
}

/** The fence table's columns. */
export function fenceColumns(c: ColumnContext): DataColumn<Fence>[] {
  const { t, tc } = c;
  return [
    { id: 'name', header: t('column.name'), required: true, sortKey: 'name', cell: (f) => f.name },
    { id: 'state', header: t('column.state'), cell: (f) => <State fence={f} tc={tc} /> },
    { id: 'rule', header: t('column.rule'), cell: (f) => <span title={ruleHint(tc, f.rule)}>{ruleName(tc, f.rule)}</span> },
    { id: 'dwell', header: t('column.dwell'), cell: (f) => formatDwell(tc, f.dwellS) },
    { id: 'members', header: t('column.members'), cell: (f) => f.userCount },
    { id: 'channels', header: t('column.channels'), cell: (f) => f.channelCount },
    { id: 'inside', header: t('column.inside'), cell: (f) => f.insideCount },
    { id: 'updatedAt', header: t('column.updatedAt'), sortKey: 'updatedAt', hiddenByDefault: true, cell: (f) => formatTime(f.updatedAt, c.language) },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: FENCE_ACTIONS_WIDTH,
      cell: (f) => (
        <FenceActions
          fence={f}
          previewed={c.previewedId === f.id}
          onPreview={() => c.onPreview(f)}
          canManage={c.canManage}
          onAction={(a) => c.onAction(a, f)}
        />
      ),
    },
  ];
}
