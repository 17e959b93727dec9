import { operationName, userAgentLabel, type OperationRecord } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import type { Format } from '../core';

type T = (key: string) => string;

export function operationColumns(t: T, f: Format): DataColumn<OperationRecord>[] {
  return [
    { id: 'id', header: t('id'), cell: (r) => r.id },
    { id: 'userId', header: t('userId'), cell: (r) => f.text(r.userId) },
    { id: 'account', header: t('account'), cell: (r) => f.text(r.account), sortKey: 'account', required: true },
    { id: 'type', header: t('type'), cell: (r) => operationName(r.type, f.locale), sortKey: 'type' },
    // Browser and system, not the raw user agent (the whole of it on hover).
    { id: 'device', header: t('device'), cell: (r) => (r.device ? <span title={r.device}>{userAgentLabel(r.device)}</span> : f.text(null)) },
    { id: 'ip', header: t('ip'), cell: (r) => f.text(r.ip) },
    { id: 'time', header: t('time'), cell: (r) => f.time(r.time), sortKey: 'time' },
  ];
}
