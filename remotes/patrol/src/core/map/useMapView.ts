import { useEffect, useState } from 'react';
import { COORD_CHANGE_EVENT, type LngLat, type PttMap } from '@ptt/map';

export interface Projector {
  /** Where a WGS-84 place is in the map's box, in CSS pixels. */
  point: (p: LngLat) => { x: number; y: number };
  /** A distance on the ground at `lat`, in CSS pixels at the current zoom. */
  pixels: (metres: number, lat: number) => number;
}

const EQUATOR_M = 40_075_016.686;
const VIEW_EVENTS = 'move zoom viewreset resize';

/**
 * A projector that follows the map: the component re-renders (once per frame at most) whenever
 * the view moves, zooms or the tiles change coordinate system, so what it draws stays on its place.
 */
export function useMapView(map: PttMap): Projector {
  const [, setVersion] = useState(0);
  useEffect(() => {
    let frame: number | null = null;
    const changed = () => {
      if (frame !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        setVersion((v) => v + 1);
      });
    };
    map.leaflet.on(VIEW_EVENTS, changed);
    map.leaflet.on(COORD_CHANGE_EVENT, changed);
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      map.leaflet.off(VIEW_EVENTS, changed);
      map.leaflet.off(COORD_CHANGE_EVENT, changed);
    };
  }, [map]);
  return {
    point: (p) => {
      const at = map.leaflet.latLngToContainerPoint(map.toLatLng(p));
      return { x: at.x, y: at.y };
    },
    pixels: (metres, lat) => {
      const metresPerPixel = (EQUATOR_M * Math.cos((lat * Math.PI) / 180)) / 2 ** (map.leaflet.getZoom() + 8);
      return metres / metresPerPixel;
    },
  };
}

/** Frames the places (WGS-84) on the map; nothing when there are none. */
export function fitPlaces(map: PttMap, places: readonly LngLat[], maxZoom = 17): void {
  if (places.length === 0) return;
  const corners = places.map((p) => {
    const ll = map.toLatLng(p);
    return [ll.lat, ll.lng] as [number, number];
  });
  map.leaflet.fitBounds(corners, { padding: [32, 32], maxZoom, animate: false });
}
