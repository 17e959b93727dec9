import './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import * as L from 'leaflet';
import { currentLocale } from '@ptt/ui';
import type { Area } from './area';
import type { PttMap } from './types';

const AREA_STYLE: L.PathOptions = { color: '#1f5fa8', weight: 2, fillOpacity: 0.12 };

let cancelActive: (() => void) | null = null;

function areaOf(map: PttMap, layer: L.Layer): Area | null {
  if (layer instanceof L.Circle) {
    // GCJ-02 shifts a whole neighbourhood alike: the centre converts, the radius stays.
    return { kind: 'circle', center: map.fromLatLng(layer.getLatLng()), radiusM: layer.getRadius() };
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = rings[0] ?? [];
    return ring.length >= 3 ? { kind: 'polygon', points: ring.map((ll) => map.fromLatLng(ll)) } : null;
  }
  return null;
}

/**
 * Lets the user draw a circle or a polygon (leaflet-geoman) and resolves with it in WGS-84;
 * null when cancelled (Escape, or another selectArea call). The drawn shape is removed: the
 * caller shows the result as it sees fit.
 */
export function selectArea(map: PttMap, shape: 'circle' | 'polygon'): Promise<Area | null> {
  cancelActive?.();
  const leaflet = map.leaflet;
  const pm = leaflet.pm;
  if (!pm) return Promise.reject(new Error('leaflet-geoman is not attached to this map (it must load before the map is created)'));
  return new Promise<Area | null>((resolve) => {
    let settled = false;
    const finish = (area: Area | null) => {
      if (settled) return;
      settled = true;
      cancelActive = null;
      leaflet.off('pm:create', onCreate);
      leaflet.off('pm:drawend', onDrawEnd);
      document.removeEventListener('keydown', onKey, true);
      if (pm.globalDrawModeEnabled()) pm.disableDraw();
      resolve(area);
    };
    const onCreate = (e: { layer: L.Layer }) => {
      const area = areaOf(map, e.layer);
      e.layer.remove();
      finish(area);
    };
    // geoman fires pm:create before pm:drawend; a draw end without a shape is a cancel.
    const onDrawEnd = () => finish(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      finish(null);
    };
    cancelActive = () => finish(null);
    leaflet.on('pm:create', onCreate);
    leaflet.on('pm:drawend', onDrawEnd);
    document.addEventListener('keydown', onKey, true);
    pm.setLang(currentLocale() === 'zh' ? 'zh' : 'en');
    pm.enableDraw(shape === 'circle' ? 'Circle' : 'Polygon', { snappable: false, continueDrawing: false, templineStyle: AREA_STYLE, pathOptions: AREA_STYLE });
  });
}
