import type * as L from 'leaflet';

/** A place in degrees; always WGS-84 outside this package (GCJ-02 exists only on screen). */
export interface LngLat {
  lng: number;
  lat: number;
}

/** Coordinate system of a tile set. */
export type MapCoord = 'wgs84' | 'gcj02';

export type MemberStatus = 'online' | 'offline' | 'busy' | 'away' | 'dnd' | 'invisible' | 'unknown';

export interface MemberMarker {
  uid: number;
  name: string;
  status: MemberStatus;
}

/** A reported position: WGS-84, `time` in epoch milliseconds. */
export interface PositionPoint {
  uid: number;
  lng: number;
  lat: number;
  time: number;
}

/** Fired on `PttMap.leaflet` when the tiles' coordinate system changes. */
export const COORD_CHANGE_EVENT = 'ptt:coordchange';
export interface CoordChangeEvent extends L.LeafletEvent {
  coord: MapCoord;
  previous: MapCoord;
}

/** What MapView hands to onReady: the Leaflet map plus WGS-84 <-> display conversion. */
export interface PttMap {
  readonly leaflet: L.Map;
  /** Of the current tiles; changes fire 'ptt:coordchange' on `leaflet`. */
  readonly coord: MapCoord;
  /** WGS-84 -> display (converted to GCJ-02 on GCJ-02 tiles). */
  toLatLng(p: LngLat): L.LatLng;
  /** Display -> WGS-84. */
  fromLatLng(ll: L.LatLng): LngLat;
  /** Centres the map on a WGS-84 place (zoom: given, else at least street level). */
  focus(p: LngLat, zoom?: number): void;
}
