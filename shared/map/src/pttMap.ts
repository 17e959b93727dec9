import * as L from 'leaflet';
import { fromDisplay, toDisplay } from './coords';
import { COORD_CHANGE_EVENT, type LngLat, type MapCoord, type PttMap } from './types';

/** Zoom that `focus` uses when none is given: streets are readable. */
export const FOCUS_MIN_ZOOM = 15;

/** A PttMap plus the switch MapView (and the bench) use when the tiles change. */
export interface PttMapHandle extends PttMap {
  /** Changes the coordinate system, keeps the same real place centred, fires 'ptt:coordchange'. */
  setCoord(coord: MapCoord): void;
}

export function createPttMap(leaflet: L.Map, initial: MapCoord = 'wgs84'): PttMapHandle {
  let coord = initial;
  const toLatLng = (p: LngLat) => {
    const [lng, lat] = toDisplay(p, coord);
    return L.latLng(lat, lng);
  };
  const fromLatLng = (ll: L.LatLng) => fromDisplay(ll.lng, ll.lat, coord);
  return {
    leaflet,
    get coord() {
      return coord;
    },
    toLatLng,
    fromLatLng,
    focus(p, zoom) {
      leaflet.setView(toLatLng(p), zoom ?? Math.max(leaflet.getZoom(), FOCUS_MIN_ZOOM));
    },
    setCoord(next) {
      if (next === coord) return;
      const previous = coord;
      // The view must stay on the same real place, not on the same numbers.
      const center = fromLatLng(leaflet.getCenter());
      coord = next;
      leaflet.setView(toLatLng(center), leaflet.getZoom(), { animate: false });
      leaflet.fire(COORD_CHANGE_EVENT, { coord: next, previous });
    },
  };
}
