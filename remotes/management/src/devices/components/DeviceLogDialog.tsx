import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device, DeviceLogEntry } from '@ptt/contracts';
import { DataTable, ViewDialog, useListResult, useTableQuery, type DataColumn } from '@ptt/ui';
import { NS } from '../../core';
import { LOG_PAGE_SIZE, useDeviceLogsQuery } from '../api';
import { formatTime } from '../format';

interface Props {
  device: Device;
  onClose: () => void;
}

/** The device's history (created, edited, status, activations, accounts, commands), newest first. */
export function DeviceLogDialog({ device, onClose }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'devices' });
  const { query, setQuery } = useTableQuery({ page: 1, size: LOG_PAGE_SIZE, sort: 'time', order: 'desc', filters: {} });
  const list = useListResult(useDeviceLogsQuery({ id: device.id, query }));
  const columns = useMemo((): DataColumn<DeviceLogEntry>[] => {
    const none = t('none');
    return [
      { id: 'time', header: t('log.time'), cell: (e) => formatTime(e.time, i18n.language), sortKey: 'time', required: true },
      { id: 'action', header: t('log.action'), cell: (e) => t(`log.actions.${e.action}`), required: true },
      { id: 'user', header: t('log.user'), cell: (e) => (e.user ? `${e.user.account} (${e.user.nickname})` : none) },
      { id: 'actor', header: t('log.actor'), cell: (e) => e.actor?.account ?? none },
    ];
  }, [t, i18n.language]);
  const title = t('log.title', { name: device.name });
  return (
    <ViewDialog title={title} onClose={onClose} wide>
      <DataTable
        label={title}
        columns={columns}
        {...list}
        rowId={(e) => e.id}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('log.empty')}
        columnsKey="deviceLog"
      />
    </ViewDialog>
  );
}
