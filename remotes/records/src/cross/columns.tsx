import type { FenceAlert } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import type { Format } from '../core';
import { PositionButton } from '../position';

type T = (key: string) => string;

export function crossColumns(t: T, f: Format): DataColumn<FenceAlert>[] {
  return [
    { id: 'user', header: t('user'), cell: (r) => f.user(r.user), sortKey: 'account', required: true },
    { id: 'dispatcher', header: t('dispatcher'), cell: (r) => f.text(r.dispatcher?.nickname) },
    { id: 'fenceId', header: t('fenceId'), cell: (r) => r.fence.id },
    { id: 'fenceName', header: t('fenceName'), cell: (r) => r.fence.name, sortKey: 'fenceName' },
    { id: 'type', header: t('type'), cell: (r) => t(`types.${r.type}`) },
    { id: 'time', header: t('time'), cell: (r) => f.time(r.time), sortKey: 'time' },
    { id: 'ip', header: t('ip'), cell: (r) => f.text(r.ip) },
    { id: 'lng', header: t('lng'), cell: (r) => f.coord(r.lng) },
    { id: 'lat', header: t('lat'), cell: (r) => f.coord(r.lat) },
    { id: 'map', header: t('map'), cell: (r) => <PositionButton lng={r.lng} lat={r.lat} /> },
  ];
}
