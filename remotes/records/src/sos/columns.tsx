import { Badge } from '@fluentui/react-components';
import type { SosRecord } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import type { Format } from '../core';
import { PositionButton } from '../position';

type T = (key: string) => string;

export function sosColumns(t: T, f: Format): DataColumn<SosRecord>[] {
  return [
    { id: 'id', header: t('id'), cell: (r) => r.id },
    { id: 'user', header: t('user'), cell: (r) => f.user(r.user), sortKey: 'account', required: true },
    { id: 'dispatcher', header: t('dispatcher'), cell: (r) => f.text(r.dispatcher?.nickname) },
    { id: 'lng', header: t('lng'), cell: (r) => f.coord(r.lng) },
    { id: 'lat', header: t('lat'), cell: (r) => f.coord(r.lat) },
    { id: 'map', header: t('map'), cell: (r) => <PositionButton lng={r.lng} lat={r.lat} /> },
    { id: 'device', header: t('device'), cell: (r) => f.text(r.device) },
    { id: 'ip', header: t('ip'), cell: (r) => f.text(r.ip) },
    { id: 'start', header: t('start'), cell: (r) => f.time(r.startedAt), sortKey: 'startedAt' },
    { id: 'close', header: t('close'), cell: (r) => f.time(r.closedAt), sortKey: 'closedAt' },
    {
      id: 'duration',
      header: t('duration'),
      cell: (r) =>
        r.closedAt ? (
          f.duration(r.startedAt, r.closedAt)
        ) : (
          <Badge color="danger" appearance="tint">
            {t('open')}
          </Badge>
        ),
    },
  ];
}
