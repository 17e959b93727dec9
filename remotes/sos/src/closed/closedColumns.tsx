import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { SosRecord } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { formatTime, memberName } from '../core';

/** The closed list's columns: the record of spec section 3 with how it was handled (ADR 025). `t` has the closed.* prefix. */
export function closedColumns(t: TFunction, language: string): DataColumn<SosRecord>[] {
  const none = t('none');
  const time = (iso: string | null) => (iso ? formatTime(iso, language) : none);
  return [
    { id: 'member', header: t('column.member'), cell: (r) => memberName(r.user.nickname, r.user.account), sortKey: 'account', required: true },
    { id: 'device', header: t('column.device'), cell: (r) => r.device ?? none },
    { id: 'startedAt', header: t('column.started'), cell: (r) => time(r.startedAt), sortKey: 'startedAt' },
    { id: 'closedAt', header: t('column.closedAt'), cell: (r) => time(r.closedAt), sortKey: 'closedAt' },
    { id: 'closedBy', header: t('column.closedBy'), cell: (r) => r.dispatcher?.nickname ?? none },
    {
      id: 'acknowledged',
      header: t('column.acknowledged'),
      cell: (r) => (r.ackedAt ? t('ackedBy', { name: r.ackedBy?.nickname ?? none, time: formatTime(r.ackedAt, language) }) : none),
    },
    {
      id: 'escalated',
      header: t('column.escalated'),
      cell: (r) =>
        r.escalatedAt ? (
          <Badge color="danger" appearance="tint" title={formatTime(r.escalatedAt, language)}>
            {t('yes')}
          </Badge>
        ) : (
          t('no')
        ),
    },
    { id: 'note', header: t('column.note'), cell: (r) => r.closeNote ?? none },
  ];
}
