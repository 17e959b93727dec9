import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { userAgentLabel, type LoginRecord } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import type { Format } from '../core';
import { PositionButton } from '../position';

type T = (key: string, values?: Record<string, unknown>) => string;

export const useLoginStyles = makeStyles({ place: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

export function loginColumns(t: T, f: Format, placeClass: string): DataColumn<LoginRecord>[] {
  return [
    { id: 'time', header: t('time'), cell: (r) => f.time(r.time), sortKey: 'time', required: true },
    { id: 'user', header: t('user'), cell: (r) => f.user(r), sortKey: 'account' },
    // Browser and system, not the raw user agent (the whole of it on hover).
    { id: 'device', header: t('device'), cell: (r) => (r.device ? <span title={r.device}>{userAgentLabel(r.device)}</span> : f.text(null)) },
    { id: 'platform', header: t('platform'), cell: (r) => f.text(r.platform), hiddenByDefault: true },
    {
      id: 'location',
      header: t('location'),
      cell: (r) => (
        <span className={placeClass}>
          {r.lng === null || r.lat === null ? f.text(null) : t('position', { lng: f.coord(r.lng), lat: f.coord(r.lat) })}
          <PositionButton lng={r.lng} lat={r.lat} />
          {r.abnormal && (
            <Badge color="danger" appearance="filled">
              {t('abnormal')}
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'ip', header: t('ip'), cell: (r) => f.text(r.ip) },
  ];
}
