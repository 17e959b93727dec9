import type {
  ExportParams,
  FenceAlertListQuery,
  SosListQuery,
  loginRecordQuerySchema,
  operationRecordQuerySchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import { Where } from '../db/paging';
import { iso } from '../db/sql';
import { exportFileName, type NamePart } from '../exports/file-name';
import type { KeysetSort } from '../exports/keyset';
import type { ExportSpec } from '../exports/export-stream';
import { SOS_SORTS as SOS_LIST_SORTS, sosWhere } from '../sos/sos.repository';
import {
  ALERT_COLUMNS,
  LOGIN_COLUMNS,
  OPERATION_COLUMNS,
  SOS_COLUMNS,
  type AlertRow,
  type LoginRow,
  type OperationRow,
  type SosRow,
} from './record-export-columns';
import {
  LOGIN_FROM,
  LOGIN_SORTS as LOGIN_LIST_SORTS,
  OPERATION_SORTS as OPERATION_LIST_SORTS,
  loginWhere,
  operationWhere,
  timeRange,
} from './record.repository';

// What each record export reads (ADR 028): the list's own filters (shared with the list where the
// list's module exports them), its sort as a keyset, and the file's names.

type Sorted = { sort: string; order: 'asc' | 'desc' };
type LoginExport = Omit<z.output<typeof loginRecordQuerySchema>, 'page' | 'size'> & ExportParams;
type OperationExport = Omit<z.output<typeof operationRecordQuerySchema>, 'page' | 'size' | 'userId'> & { userId?: number } & ExportParams;
type SosExport = Omit<SosListQuery, 'page' | 'size' | 'userId'> & { userId?: number } & ExportParams;
type AlertExport = Omit<FenceAlertListQuery, 'page' | 'size'> & ExportParams;

/** The list's sort names as keysets; an unknown name falls back to the first (never user text in SQL). */
function keysetSort(sorts: Record<string, KeysetSort>, q: Sorted): KeysetSort {
  return sorts[q.sort] ?? Object.values(sorts)[0]!;
}

/** `my-` for the caller's own records (the user menu's exports). */
const own = (what: string, onlyUser: number | undefined) => (onlyUser === undefined ? what : `my-${what}`);

// The lists' own sort expressions, with what a keyset needs to know of them.
const OPERATION_SORTS: Record<string, KeysetSort> = {
  time: { expr: OPERATION_LIST_SORTS.time!, type: 'timestamptz' },
  type: { expr: OPERATION_LIST_SORTS.type!, type: 'int' },
  // Records written before the account column (migration 002) have none.
  account: { expr: OPERATION_LIST_SORTS.account!, type: 'text', nullable: true },
};

export function operationExport(entId: number, q: OperationExport, onlyUser?: number): ExportSpec<OperationRow> {
  const parts: NamePart[] = [['type', q.type], ['user', onlyUser === undefined ? q.userId : undefined], ['device', q.device], ['q', q.q]];
  return {
    table: 'operation_logs',
    query: {
      fields: { id: 'o.id', userId: 'o.user_id', account: 'o.account', type: 'o.type', device: 'o.device', ip: 'o.ip', time: iso('o.created_at') },
      from: 'operation_logs o',
      where: operationWhere(entId, q, onlyUser),
      sort: keysetSort(OPERATION_SORTS, q),
      id: 'o.id',
      order: q.order,
    },
    columns: OPERATION_COLUMNS,
    sheetName: 'Operation records',
    fileName: exportFileName(own('operation-records', onlyUser), q, parts, q.format),
  };
}

const LOGIN_SORTS: Record<string, KeysetSort> = {
  time: { expr: LOGIN_LIST_SORTS.time!, type: 'timestamptz' },
  account: { expr: LOGIN_LIST_SORTS.account!, type: 'text' },
};

export function loginExport(entId: number, q: LoginExport, onlyUser?: number): ExportSpec<LoginRow> {
  const parts: NamePart[] = [['user', onlyUser === undefined ? q.userId : undefined], ['abnormal', q.abnormal], ['device', q.device], ['q', q.q]];
  return {
    table: 'login_records',
    query: {
      fields: {
        id: 'r.id', account: 'u.account', nickname: 'u.nickname', time: iso('r.created_at'), device: 'r.device', platform: 'r.platform',
        ip: 'r.ip', lng: 'r.lng', lat: 'r.lat', abnormal: 'r.abnormal',
      },
      from: LOGIN_FROM,
      where: loginWhere(entId, q, onlyUser),
      sort: keysetSort(LOGIN_SORTS, q),
      id: 'r.id',
      order: q.order,
    },
    columns: LOGIN_COLUMNS,
    sheetName: 'Login records',
    fileName: exportFileName(own('login-records', onlyUser), q, parts, q.format),
  };
}

const SOS_SORTS: Record<string, KeysetSort> = {
  startedAt: { expr: SOS_LIST_SORTS.startedAt!, type: 'timestamptz' },
  // Open ones have no close time yet.
  closedAt: { expr: SOS_LIST_SORTS.closedAt!, type: 'timestamptz', nullable: true },
  account: { expr: SOS_LIST_SORTS.account!, type: 'text' },
};

export function sosExport(entId: number, q: SosExport, onlyUser?: number): ExportSpec<SosRow> {
  const parts: NamePart[] = [['state', q.state], ['user', onlyUser === undefined ? q.userId : undefined], ['device', q.device], ['q', q.q]];
  return {
    table: 'sos_records',
    query: {
      fields: {
        id: 's.id', account: 'u.account', nickname: 'u.nickname', dispatcher: 'd.nickname', lng: 's.lng', lat: 's.lat', device: 's.device',
        ip: 's.ip', startedAt: iso('s.started_at'), closedAt: iso('s.closed_at'),
        openS: 'floor(extract(epoch from (s.closed_at - s.started_at)))::int',
      },
      from: 'sos_records s join users u on u.id = s.user_id left join users d on d.id = s.dispatcher_id',
      where: sosWhere(entId, q, onlyUser),
      sort: keysetSort(SOS_SORTS, q),
      id: 's.id',
      order: q.order,
    },
    columns: SOS_COLUMNS,
    sheetName: 'SOS records',
    fileName: exportFileName(own('sos-records', onlyUser), q, parts, q.format),
  };
}

/**
 * The cross-border list's filters (server/src/fences/fence-alert.repository.ts listAlerts), which
 * that module keeps to itself; test/record-exports.test.ts checks both give the same rows.
 */
function alertWhere(entId: number, q: AlertExport): Where {
  const w = new Where().add('a.ent_id = ?', entId);
  if (q.fenceId) w.add('a.fence_id = ?', q.fenceId);
  if (q.userId) w.add('a.user_id = ?', q.userId);
  if (q.type) w.add('a.type = ?', q.type);
  timeRange(w, 'a.alerted_at', q.from, q.to);
  if (q.q) {
    const like = Where.contains(q.q);
    w.add('(u.account ilike ? or u.nickname ilike ? or a.fence_name ilike ? or a.ip ilike ?)', like, like, like, like);
  }
  return w;
}

// As listAlerts sorts (fence-alert.repository.ts).
const ALERT_SORTS: Record<string, KeysetSort> = {
  time: { expr: 'a.alerted_at', type: 'timestamptz' },
  account: { expr: 'lower(u.account)', type: 'text' },
  fenceName: { expr: 'lower(a.fence_name)', type: 'text' },
};

export function alertExport(entId: number, q: AlertExport): ExportSpec<AlertRow> {
  const parts: NamePart[] = [['fence', q.fenceId], ['user', q.userId], ['type', q.type], ['q', q.q]];
  return {
    table: 'fence_alerts',
    query: {
      fields: {
        account: 'u.account', nickname: 'u.nickname', dispatcher: 'd.nickname', fenceId: 'a.fence_id', fenceName: 'a.fence_name',
        type: 'a.type', time: iso('a.alerted_at'), ip: 'a.ip', lng: 'a.lng', lat: 'a.lat',
      },
      from: 'fence_alerts a join users u on u.id = a.user_id left join users d on d.id = a.dispatcher_id',
      where: alertWhere(entId, q),
      sort: keysetSort(ALERT_SORTS, q),
      id: 'a.id',
      order: q.order,
    },
    columns: ALERT_COLUMNS,
    sheetName: 'Cross-border records',
    fileName: exportFileName('cross-border-records', q, parts, q.format),
  };
}
