import { operationName, type FenceRule } from '@ptt/contracts';
import type { ExportColumn, ExportLanguage } from '../exports/cells';

// The columns of the record exports: the table fields of spec section 3, headers in English and
// Chinese. Times are ISO 8601 in UTC, as the API answers them (the file does not know the reader's
// time zone); the header says so.

export interface OperationRow {
  id: number;
  userId: number | null;
  account: string | null;
  type: number;
  device: string | null;
  ip: string | null;
  time: string;
}

export interface LoginRow {
  id: number;
  account: string;
  nickname: string;
  time: string;
  device: string | null;
  platform: string;
  ip: string | null;
  lng: number | null;
  lat: number | null;
  abnormal: boolean;
}

export interface SosRow {
  id: number;
  account: string;
  nickname: string;
  dispatcher: string | null;
  lng: number | null;
  lat: number | null;
  device: string | null;
  ip: string | null;
  startedAt: string;
  closedAt: string | null;
  openS: number | null;
}

export interface AlertRow {
  account: string;
  nickname: string;
  dispatcher: string | null;
  fenceId: number;
  fenceName: string;
  type: FenceRule;
  time: string;
  ip: string | null;
  lng: number;
  lat: number;
}

const YES_NO: Record<ExportLanguage, [string, string]> = { en: ['Yes', 'No'], zh: ['是', '否'] };
const RULE_NAMES: Record<ExportLanguage, Record<FenceRule, string>> = { en: { leave: 'Leave', stay: 'Stay' }, zh: { leave: '离开', stay: '停留' } };

const ip = { en: 'IP', zh: 'IP', width: 16 };
const device = { en: 'Device', zh: '设备', width: 30 };
const account = { en: 'Account', zh: '账号', width: 18 };
const nickname = { en: 'Nickname', zh: '昵称', width: 18 };
const lng = { en: 'Longitude', zh: '经度', width: 12 };
const lat = { en: 'Latitude', zh: '纬度', width: 12 };
const time = { en: 'Time (UTC)', zh: '时间（UTC）', width: 26 };

/** Operation id, user id, account, type with its name in both languages, device, ip, time. */
export const OPERATION_COLUMNS: readonly ExportColumn<OperationRow>[] = [
  { en: 'Operation ID', zh: '操作编号', width: 12, value: (r) => r.id },
  { en: 'User ID', zh: '用户编号', width: 10, value: (r) => r.userId },
  { ...account, value: (r) => r.account },
  { en: 'Type', zh: '类型', width: 6, value: (r) => r.type },
  // Both names whatever the reader's language: the file may be read by someone else.
  { en: 'Type name (English)', zh: '类型名称（英文）', width: 30, value: (r) => operationName(r.type, 'en') },
  { en: 'Type name (Chinese)', zh: '类型名称（中文）', width: 16, value: (r) => operationName(r.type, 'zh') },
  { ...device, value: (r) => r.device },
  { ...ip, value: (r) => r.ip },
  { ...time, value: (r) => r.time },
];

/** Time, user, device, GPS position with the abnormal flag, ip. */
export const LOGIN_COLUMNS: readonly ExportColumn<LoginRow>[] = [
  { ...time, value: (r) => r.time },
  { ...account, value: (r) => r.account },
  { ...nickname, value: (r) => r.nickname },
  { ...device, value: (r) => r.device },
  { en: 'Platform', zh: '平台', width: 10, value: (r) => r.platform },
  { ...lng, value: (r) => r.lng },
  { ...lat, value: (r) => r.lat },
  { en: 'Abnormal position', zh: '位置异常', width: 10, value: (r, lang) => YES_NO[lang][r.abnormal ? 0 : 1] },
  { ...ip, value: (r) => r.ip },
];

/** Id, user, closing dispatcher, position, device, ip, start, close and how long it stayed open. */
export const SOS_COLUMNS: readonly ExportColumn<SosRow>[] = [
  { en: 'SOS ID', zh: 'SOS 编号', width: 10, value: (r) => r.id },
  { ...account, value: (r) => r.account },
  { ...nickname, value: (r) => r.nickname },
  { en: 'Dispatcher', zh: '调度员', width: 18, value: (r) => r.dispatcher },
  { ...lng, value: (r) => r.lng },
  { ...lat, value: (r) => r.lat },
  { ...device, value: (r) => r.device },
  { ...ip, value: (r) => r.ip },
  { en: 'Start time (UTC)', zh: '开始时间（UTC）', width: 26, value: (r) => r.startedAt },
  { en: 'Close time (UTC)', zh: '结束时间（UTC）', width: 26, value: (r) => r.closedAt },
  // Empty while it is still open.
  { en: 'Open for (s)', zh: '持续时长（秒）', width: 12, value: (r) => r.openS },
];

/** User, dispatcher, fence id and name, leave or stay, time, ip, position. */
export const ALERT_COLUMNS: readonly ExportColumn<AlertRow>[] = [
  { ...account, value: (r) => r.account },
  { ...nickname, value: (r) => r.nickname },
  { en: 'Dispatcher', zh: '调度员', width: 18, value: (r) => r.dispatcher },
  { en: 'Fence ID', zh: '围栏编号', width: 10, value: (r) => r.fenceId },
  { en: 'Fence name', zh: '围栏名称', width: 24, value: (r) => r.fenceName },
  { en: 'Type', zh: '类型', width: 8, value: (r, lang) => RULE_NAMES[lang][r.type] ?? r.type },
  { ...time, value: (r) => r.time },
  { ...ip, value: (r) => r.ip },
  { ...lng, value: (r) => r.lng },
  { ...lat, value: (r) => r.lat },
];
