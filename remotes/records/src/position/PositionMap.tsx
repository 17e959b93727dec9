import { useEffect, useState } from 'react';
import * as L from 'leaflet';
import { COORD_CHANGE_EVENT, MapView, type LngLat, type PttMap } from '@ptt/map';
import type { MapSettings } from '@ptt/contracts';

// Loaded on demand (React.lazy): Leaflet and the tiles come with the first position opened.

// A plain colour, not a Fluent CSS variable: the map draws on a canvas, which cannot resolve var().
const MARKER_STYLE: L.CircleMarkerOptions = { radius: 9, weight: 3, color: '#ffffff', fillColor: '#c50f1f', fillOpacity: 1 };
const STREET_ZOOM = 16;

export interface PositionMapProps {
  /** WGS-84, as every record stores it. */
  point: LngLat;
  settings: MapSettings;
  ariaLabel: string;
}

/** One position on the shared map, converted for GCJ-02 tiles and again when the tiles change. */
export default function PositionMap({ point, settings, ariaLabel }: PositionMapProps) {
  const [map, setMap] = useState<PttMap | null>(null);
  const { lng, lat } = point;

  useEffect(() => {
    if (!map) return undefined;
    const at = { lng, lat };
    // A circle marker needs no icon images (Leaflet's default marker loads them by URL).
    const marker = L.circleMarker(map.toLatLng(at), MARKER_STYLE).addTo(map.leaflet);
    const redraw = () => marker.setLatLng(map.toLatLng(at));
    map.leaflet.on(COORD_CHANGE_EVENT, redraw);
    map.focus(at, STREET_ZOOM);
    return () => {
      map.leaflet.off(COORD_CHANGE_EVENT, redraw);
      marker.remove();
    };
  }, [map, lng, lat]);

  return <MapView settings={settings} ariaLabel={ariaLabel} center={point} zoom={STREET_ZOOM} onReady={setMap} />;
}
