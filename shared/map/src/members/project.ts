// Web Mercator as Leaflet's default CRS (EPSG:3857) computes it, without allocating a LatLng
// and a Point per member on every frame.

const MAX_LATITUDE = 85.0511287798;
const TILE_SIZE = 256;
const RAD = Math.PI / 180;

/** Pixel x at `zoom` of a longitude. */
export function pixelX(lng: number, zoom: number): number {
  return ((lng + 180) / 360) * TILE_SIZE * 2 ** zoom;
}

/** Pixel y at `zoom` of a latitude (clamped where Mercator ends, as Leaflet does). */
export function pixelY(lat: number, zoom: number): number {
  const sin = Math.sin(Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * RAD);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE * 2 ** zoom;
}
