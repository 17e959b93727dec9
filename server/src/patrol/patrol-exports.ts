import {
  NO_PAGING,
  exportParamsSchema,
  patrolCheckinListQuerySchema,
  patrolRunListQuerySchema,
  type PatrolCheckinMethod,
  type PatrolCheckinResult,
  type PatrolRunStatus,
} from '@ptt/contracts';
import type { z } from 'zod';
import type { ExportColumn, ExportLanguage } from '../exports/cells';
import type { ExportSpec } from '../exports/export-stream';
import { exportFileName, type NamePart } from '../exports/file-name';
import type { KeysetSort } from '../exports/keyset';
import { CHECKIN_FIELDS, CHECKIN_FROM, RUN_FIELDS, RUN_FROM, checkinWhere, runWhere } from './patrol-run.repository';

// Exports of the patrol records (ADR 028's machinery): the list's filters and sort, streamed.

/** The runs list's query without paging, plus format and exportId. */
export const patrolRunExportQuerySchema = patrolRunListQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
export const patrolCheckinExportQuerySchema = patrolCheckinListQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
type RunExport = z.output<typeof patrolRunExportQuerySchema>;
type CheckinExport = z.output<typeof patrolCheckinExportQuerySchema>;

const keyset = (sorts: Record<string, KeysetSort>, sort: string) => sorts[sort] ?? Object.values(sorts)[0]!;

const RUN_SORTS: Record<string, KeysetSort> = {
  plannedStart: { expr: 'r.planned_start', type: 'timestamptz' },
  task: { expr: 'lower(r.task_name)', type: 'text' },
  status: { expr: 'r.status', type: 'text' },
};
const CHECKIN_SORTS: Record<string, KeysetSort> = {
  time: { expr: 'c.checked_at', type: 'timestamptz' },
  account: { expr: 'lower(u.account)', type: 'text' },
  node: { expr: 'lower(c.node_name)', type: 'text' },
};

interface RunRow {
  id: number;
  taskName: string;
  status: PatrolRunStatus;
  source: string;
  plannedStart: string;
  endedAt: string | null;
  total: number;
  onTime: number;
  early: number;
  late: number;
  missed: number;
  plannedS: number;
  actualS: number | null;
  flag: string | null;
}

interface CheckinRow {
  id: number;
  account: string;
  nickname: string;
  nodeName: string;
  taskName: string | null;
  runId: number | null;
  time: string;
  method: PatrolCheckinMethod;
  result: PatrolCheckinResult;
  lng: number | null;
  lat: number | null;
  recordedByNickname: string | null;
}

const WORDS: Record<ExportLanguage, Record<string, string>> = {
  en: {
    active: 'Active', complete: 'Complete', incomplete: 'Incomplete', missed: 'Missed', schedule: 'Schedule', manual: 'Manual', short: 'Short', long: 'Long',
    onTime: 'On time', early: 'Early', late: 'Late', repeat: 'Repeat', unplanned: 'Unplanned', gps: 'GPS', qr: 'QR', nfc: 'NFC',
  },
  zh: {
    active: '进行中', complete: '完成', incomplete: '未完成', missed: '漏巡', schedule: '计划', manual: '手动', short: '过短', long: '过长',
    onTime: '准时', early: '早到', late: '迟到', repeat: '重复', unplanned: '计划外', gps: 'GPS', qr: '二维码', nfc: 'NFC',
  },
};
const word = (lang: ExportLanguage, v: string | null) => (v === null ? null : (WORDS[lang][v] ?? v));

const RUN_COLUMNS: readonly ExportColumn<RunRow>[] = [
  { en: 'Run ID', zh: '巡更编号', width: 10, value: (r) => r.id },
  { en: 'Task', zh: '任务', width: 24, value: (r) => r.taskName },
  { en: 'Status', zh: '状态', width: 12, value: (r, l) => word(l, r.status) },
  { en: 'Source', zh: '来源', width: 10, value: (r, l) => word(l, r.source) },
  { en: 'Planned start (UTC)', zh: '计划开始（UTC）', width: 26, value: (r) => r.plannedStart },
  { en: 'Ended (UTC)', zh: '结束时间（UTC）', width: 26, value: (r) => r.endedAt },
  { en: 'Nodes', zh: '节点数', width: 8, value: (r) => r.total },
  { en: 'On time', zh: '准时', width: 8, value: (r) => r.onTime },
  { en: 'Early', zh: '早到', width: 8, value: (r) => r.early },
  { en: 'Late', zh: '迟到', width: 8, value: (r) => r.late },
  { en: 'Missed', zh: '漏巡', width: 8, value: (r) => r.missed },
  { en: 'Planned (s)', zh: '计划时长（秒）', width: 12, value: (r) => r.plannedS },
  { en: 'Actual (s)', zh: '实际时长（秒）', width: 12, value: (r) => r.actualS },
  { en: 'Flag', zh: '标记', width: 8, value: (r, l) => word(l, r.flag) },
];

const CHECKIN_COLUMNS: readonly ExportColumn<CheckinRow>[] = [
  { en: 'Check-in ID', zh: '打卡编号', width: 12, value: (r) => r.id },
  { en: 'Time (UTC)', zh: '时间（UTC）', width: 26, value: (r) => r.time },
  { en: 'Account', zh: '账号', width: 18, value: (r) => r.account },
  { en: 'Nickname', zh: '昵称', width: 18, value: (r) => r.nickname },
  { en: 'Node', zh: '节点', width: 24, value: (r) => r.nodeName },
  { en: 'Task', zh: '任务', width: 24, value: (r) => r.taskName },
  { en: 'Run ID', zh: '巡更编号', width: 10, value: (r) => r.runId },
  { en: 'Method', zh: '方式', width: 10, value: (r, l) => (r.method === 'manual' ? word(l, 'manual') : word(l, r.method)) },
  { en: 'Result', zh: '结果', width: 10, value: (r, l) => word(l, r.result) },
  { en: 'Longitude', zh: '经度', width: 12, value: (r) => r.lng },
  { en: 'Latitude', zh: '纬度', width: 12, value: (r) => r.lat },
  { en: 'Recorded by', zh: '记录人', width: 18, value: (r) => r.recordedByNickname },
];

export function runExport(entId: number, q: RunExport): ExportSpec<RunRow> {
  const parts: NamePart[] = [['task', q.taskId], ['user', q.userId], ['status', q.status], ['flag', q.flag], ['q', q.q]];
  const f = RUN_FIELDS;
  return {
    table: 'patrol_runs',
    query: {
      fields: {
        id: f.id, taskName: f.taskName, status: f.status, source: f.source, plannedStart: f.plannedStart, endedAt: f.endedAt, total: f.total,
        onTime: f.onTime, early: f.early, late: f.late, missed: f.missed, plannedS: f.plannedS, actualS: f.actualS, flag: f.flag,
      },
      from: RUN_FROM,
      where: runWhere(entId, q),
      sort: keyset(RUN_SORTS, q.sort),
      id: 'r.id',
      order: q.order,
    },
    columns: RUN_COLUMNS,
    sheetName: 'Patrol runs',
    fileName: exportFileName('patrol-runs', q, parts, q.format),
  };
}

export function checkinExport(entId: number, q: CheckinExport): ExportSpec<CheckinRow> {
  const parts: NamePart[] = [['user', q.userId], ['node', q.nodeId], ['task', q.taskId], ['run', q.runId], ['method', q.method], ['result', q.result], ['q', q.q]];
  const f = CHECKIN_FIELDS;
  return {
    table: 'patrol_checkins',
    query: {
      fields: {
        id: f.id, account: f.account, nickname: f.nickname, nodeName: f.nodeName, taskName: f.taskName, runId: f.runId, time: f.time,
        method: f.method, result: f.result, lng: f.lng, lat: f.lat, recordedByNickname: f.recordedByNickname,
      },
      from: CHECKIN_FROM,
      where: checkinWhere(entId, q),
      sort: keyset(CHECKIN_SORTS, q.sort),
      id: 'c.id',
      order: q.order,
    },
    columns: CHECKIN_COLUMNS,
    sheetName: 'Patrol check-ins',
    fileName: exportFileName('patrol-checkins', q, parts, q.format),
  };
}
