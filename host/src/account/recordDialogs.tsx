import { useMemo } from 'react';
import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, currentLocale } from '@ptt/ui';
import { operationName, userAgentLabel } from '@ptt/contracts';
import type { LoginRecord, OperationRecord, SosRecord } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { RecordListDialog } from './RecordListDialog';
import { useOwnLoginRecordsQuery, useOwnOperationsQuery, useOwnSosRecordsQuery } from './recordsApi';
import { NS } from './strings';

interface Props {
  onClose: () => void;
}

/** Dates in the interface language ('zh' -> zh-CN) and the browser's time zone. */
function useFormat() {
  // useTranslation re-renders on a language switch, so the formats follow it.
  const { t } = useTranslation(NS);
  const locale = currentLocale();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'medium', timeStyle: 'medium' });
    const none = t('records.none');
    return {
      t,
      time: (iso: string | null) => (iso ? dates.format(new Date(iso)) : none),
      text: (v: string | number | null) => (v === null || v === '' ? none : String(v)),
      coord: (v: number | null) => (v === null ? none : v.toFixed(6)),
      locale,
    };
  }, [t, locale]);
}

export function LoginRecordDialog({ onClose }: Props) {
  const f = useFormat();
  const { t } = f;
  const columns: DataColumn<LoginRecord>[] = [
    { id: 'time', header: t('loginRecord.time'), cell: (r) => f.time(r.time), sortKey: 'time', required: true },
    // Browser and system, not the raw user agent (the whole of it on hover).
    { id: 'device', header: t('loginRecord.device'), cell: (r) => (r.device ? <span title={r.device}>{userAgentLabel(r.device)}</span> : f.text(null)) },
    {
      id: 'location',
      header: t('loginRecord.location'),
      cell: (r) => (
        <>
          {r.lng === null || r.lat === null ? f.text(null) : t('records.position', { lng: f.coord(r.lng), lat: f.coord(r.lat) })}
          {r.abnormal && (
            <>
              {' '}
              <Badge color="danger" appearance="filled">
                {t('records.abnormal')}
              </Badge>
            </>
          )}
        </>
      ),
    },
    { id: 'ip', header: t('loginRecord.ip'), cell: (r) => f.text(r.ip) },
  ];
  return <RecordListDialog title={t('loginRecord.title')} columns={columns} useList={useOwnLoginRecordsQuery} sort="time" rowKey={(r) => r.id} onClose={onClose} />;
}

export function OperationRecordDialog({ onClose }: Props) {
  const f = useFormat();
  const { t } = f;
  const columns: DataColumn<OperationRecord>[] = [
    { id: 'id', header: t('operationRecord.id'), cell: (r) => r.id },
    { id: 'type', header: t('operationRecord.type'), cell: (r) => operationName(r.type, f.locale), sortKey: 'type' },
    { id: 'device', header: t('operationRecord.device'), cell: (r) => f.text(r.device) },
    { id: 'ip', header: t('operationRecord.ip'), cell: (r) => f.text(r.ip) },
    { id: 'time', header: t('operationRecord.time'), cell: (r) => f.time(r.time), sortKey: 'time' },
  ];
  return <RecordListDialog title={t('operationRecord.title')} columns={columns} useList={useOwnOperationsQuery} sort="time" rowKey={(r) => r.id} onClose={onClose} />;
}

export function SosRecordDialog({ onClose }: Props) {
  const f = useFormat();
  const { t } = f;
  const columns: DataColumn<SosRecord>[] = [
    { id: 'id', header: t('sosRecord.id'), cell: (r) => r.id },
    { id: 'dispatcher', header: t('sosRecord.dispatcher'), cell: (r) => f.text(r.dispatcher?.nickname ?? null) },
    { id: 'lng', header: t('sosRecord.lng'), cell: (r) => f.coord(r.lng) },
    { id: 'lat', header: t('sosRecord.lat'), cell: (r) => f.coord(r.lat) },
    { id: 'device', header: t('sosRecord.device'), cell: (r) => f.text(r.device) },
    { id: 'ip', header: t('sosRecord.ip'), cell: (r) => f.text(r.ip) },
    { id: 'start', header: t('sosRecord.start'), cell: (r) => f.time(r.startedAt), sortKey: 'startedAt' },
    { id: 'close', header: t('sosRecord.close'), cell: (r) => f.time(r.closedAt), sortKey: 'closedAt' },
  ];
  return <RecordListDialog title={t('sosRecord.title')} columns={columns} useList={useOwnSosRecordsQuery} sort="startedAt" rowKey={(r) => r.id} onClose={onClose} />;
}
