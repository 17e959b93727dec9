import { Badge, Button } from '@fluentui/react-components';
import { MapRegular } from '@fluentui/react-icons';
import type { PatrolCheckin, PatrolCheckinResult, PatrolNodeResult, PatrolRun, PatrolRunStatus } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';

type T = (key: string, values?: Record<string, unknown>) => string;
type Time = (iso: string | null) => string;

type BadgeColor = 'success' | 'informative' | 'warning' | 'danger' | 'subtle' | 'brand';
const RESULT_COLOR: Record<PatrolNodeResult | PatrolCheckinResult, BadgeColor> = {
  pending: 'subtle',
  onTime: 'success',
  early: 'informative',
  late: 'warning',
  missed: 'danger',
  repeat: 'subtle',
  unplanned: 'subtle',
};
const STATUS_COLOR: Record<PatrolRunStatus, BadgeColor> = { active: 'brand', complete: 'success', incomplete: 'warning', missed: 'danger' };

/** A result as a coloured badge with its name (the colour is never the only sign). */
export function ResultBadge({ result, t }: { result: PatrolNodeResult | PatrolCheckinResult; t: T }) {
  return (
    <Badge appearance="tint" color={RESULT_COLOR[result]} data-result={result}>
      {t(`result.${result}`)}
    </Badge>
  );
}

const user = (t: T, u: { nickname: string; account: string }) => t('user', { nickname: u.nickname, account: u.account });

export function runColumns(t: T, time: Time, open: (run: PatrolRun) => void): DataColumn<PatrolRun>[] {
  return [
    { id: 'task', header: t('columns.task'), cell: (r) => r.task.name, sortKey: 'task', required: true },
    { id: 'plannedStart', header: t('columns.plannedStart'), cell: (r) => time(r.plannedStart), sortKey: 'plannedStart' },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (r) => (
        <Badge appearance="outline" color={STATUS_COLOR[r.status]} data-status={r.status}>
          {t(`status.${r.status}`)}
        </Badge>
      ),
      sortKey: 'status',
    },
    { id: 'onTime', header: t('columns.onTime'), cell: (r) => r.onTime },
    { id: 'early', header: t('columns.early'), cell: (r) => r.early },
    { id: 'late', header: t('columns.late'), cell: (r) => r.late },
    { id: 'missed', header: t('columns.missed'), cell: (r) => r.missed },
    { id: 'flag', header: t('columns.flag'), cell: (r) => (r.flag ? t(`flag.${r.flag}`) : t('none')) },
    { id: 'members', header: t('columns.members'), cell: (r) => (r.members.length > 0 ? r.members.map((m) => user(t, m)).join(', ') : t('none')) },
    {
      id: 'detail',
      header: t('columns.detail'),
      required: true,
      cell: (r) => (
        <Button size="small" appearance="subtle" icon={<MapRegular />} aria-label={t('openRun', { task: r.task.name, time: time(r.plannedStart) })} onClick={() => open(r)} />
      ),
    },
  ];
}

export function checkinColumns(t: T, time: Time): DataColumn<PatrolCheckin>[] {
  return [
    { id: 'member', header: t('columns.member'), cell: (r) => user(t, r.user), sortKey: 'account', required: true },
    { id: 'node', header: t('columns.node'), cell: (r) => r.node.name, sortKey: 'node' },
    { id: 'task', header: t('columns.task'), cell: (r) => r.task?.name ?? t('none') },
    { id: 'time', header: t('columns.time'), cell: (r) => time(r.time), sortKey: 'time' },
    { id: 'method', header: t('columns.method'), cell: (r) => t(`method.${r.method}`) },
    { id: 'result', header: t('columns.result'), cell: (r) => <ResultBadge result={r.result} t={t} /> },
    { id: 'recordedBy', header: t('columns.recordedBy'), cell: (r) => r.recordedBy?.nickname ?? t('none'), hiddenByDefault: true },
  ];
}
