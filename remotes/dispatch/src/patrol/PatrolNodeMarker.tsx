import { useEffect } from 'react';
import * as L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { COORD_CHANGE_EVENT } from '@ptt/map';
import type { PttMap } from '@ptt/map';
import { NS } from '../core';
import { textLabel } from '../live';
import type { PatrolAlertEntry } from './slice';

/**
 * The missed checkpoint's mark: a diamond in the warning orange of the alert list, which no member
 * status (green, grey, red, amber dots), the talkers' purple or the selection's blue uses.
 */
export const MISSED_COLOR = '#f7630c';
const MARK_PX = 18;
// Above the member dots and the talkers: the checkpoint is what was asked for.
const Z_OFFSET = 1100;

export interface PatrolNodeMarkerProps {
  map: PttMap | null;
  /** The alert whose checkpoint is marked ("Show on map"); null: no mark. */
  alert: PatrolAlertEntry | null;
}

/** Marks the shown alert's checkpoint on the dispatch map with a labelled DOM marker (WGS-84, moved on a tile switch). */
export function PatrolNodeMarker({ map, alert }: PatrolNodeMarkerProps) {
  const { t } = useTranslation(NS);
  const label = alert ? t('patrol.marker', { node: alert.nodeName }) : '';

  useEffect(() => {
    if (!map || !alert) return;
    const at = () => map.toLatLng({ lng: alert.lng, lat: alert.lat });
    const icon = L.divIcon({ className: 'ptt-patrol-missed', html: '', iconSize: [MARK_PX, MARK_PX] });
    const marker = L.marker(at(), { icon, keyboard: false, zIndexOffset: Z_OFFSET, title: label, alt: label });
    // The name as text: a string would go in as HTML (Leaflet's innerHTML).
    marker.bindTooltip(textLabel(alert.nodeName), { permanent: true, direction: 'top', offset: [0, -MARK_PX / 2], className: 'ptt-patrol-missed-label', opacity: 0.95 });
    marker.addTo(map.leaflet);
    const el = marker.getElement();
    if (el) {
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', label);
      el.setAttribute('data-testid', 'patrol-missed-node');
      el.setAttribute('data-node-id', String(alert.nodeId));
      // The diamond is a child: Leaflet owns the marker element's transform (its place).
      const diamond = document.createElement('span');
      diamond.setAttribute('aria-hidden', 'true');
      Object.assign(diamond.style, {
        position: 'absolute',
        inset: '0',
        boxSizing: 'border-box',
        background: MISSED_COLOR,
        border: '3px solid #ffffff',
        boxShadow: `0 0 0 2px ${MISSED_COLOR}, 0 0 10px 4px rgba(247, 99, 12, 0.5)`,
        transform: 'rotate(45deg)',
      });
      el.append(diamond);
    }
    const moved = () => marker.setLatLng(at());
    map.leaflet.on(COORD_CHANGE_EVENT, moved);
    return () => {
      map.leaflet.off(COORD_CHANGE_EVENT, moved);
      marker.remove();
    };
  }, [map, alert, label]);
  return null;
}
