import { useEffect, useRef, useState } from 'react';
import { makeStyles } from '@fluentui/react-components';
import * as L from 'leaflet';
import { MapView } from '@ptt/map';
import type { PttMap } from '@ptt/map';
import { DEFAULT_MAP } from '@ptt/contracts';
import type { LngLat, MapSettings } from '@ptt/contracts';
import { useChatServices } from './context';

// One point on a map: the location card's "show on map" and the composer's location picker.
// Loaded on demand (React.lazy), so Leaflet is fetched when a map is first opened.

const useStyles = makeStyles({ map: { height: '100%' } });

export interface MapPointProps {
  point: LngLat | null;
  /** 1: the point is GCJ-02 (as a handset may send it); drawn as is on GCJ-02 tiles. */
  coord?: number;
  ariaLabel: string;
  /** Given: a click on the map moves the point there. */
  onPick?: (p: LngLat) => void;
}

export default function MapPoint({ point, coord = 0, ariaLabel, onPick }: MapPointProps) {
  const styles = useStyles();
  const { bus } = useChatServices();
  const [map, setMap] = useState<PttMap | null>(null);
  const [settings] = useState<MapSettings>(() => bus.current('settings')?.map ?? { ...DEFAULT_MAP });
  // The view opens on the first point; later picks move the marker, not the view.
  const [center] = useState(point);
  const pick = useRef(onPick);
  pick.current = onPick;

  // A circle marker needs no icon images (Leaflet's default marker loads them by URL).
  useEffect(() => {
    if (!map || !point) return;
    // A GCJ-02 point is already in display coordinates on GCJ-02 tiles; on WGS-84 tiles it is
    // drawn unconverted (off by up to a few hundred metres: @ptt/map exports no GCJ-02 -> WGS-84).
    const at = coord === 1 ? L.latLng(point.lat, point.lng) : map.toLatLng(point);
    const marker = L.circleMarker(at, { radius: 9, weight: 3, color: '#c50f1f', fillOpacity: 0.6 }).addTo(map.leaflet);
    return () => {
      marker.remove();
    };
  }, [map, point, coord]);

  useEffect(() => {
    if (!map) return;
    const onClick = (e: L.LeafletMouseEvent) => pick.current?.(map.fromLatLng(e.latlng));
    map.leaflet.on('click', onClick);
    return () => {
      map.leaflet.off('click', onClick);
    };
  }, [map]);

  return (
    <MapView
      className={styles.map}
      settings={settings}
      ariaLabel={ariaLabel}
      center={center ?? undefined}
      zoom={center ? 15 : undefined}
      onReady={setMap}
    />
  );
}
