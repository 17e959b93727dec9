import * as L from 'leaflet';
import { fromDisplay, toDisplay } from '../coords';
import type { LngLat, MapCoord } from '../types';

/**
 * A fence drawing: a polygon's corners, or a circle's centre and radius in metres. The same
 * shape as the contracts' fence shapes, so a drawing can be checked with their schema as it is.
 */
export type DrawnShape = { type: 'polygon'; points: LngLat[] } | { type: 'circle'; center: LngLat; radius: number };

/**
 * What the user drew, in the system of the tiles it was drawn on (`coord`): on GCJ-02 tiles the
 * points are GCJ-02, and the server converts them (fences are sent with `coord: 1` there). Sending
 * them as drawn keeps one conversion, done once, on the server.
 */
export interface Drawing {
  shape: DrawnShape;
  coord: MapCoord;
}

/** How fences are drawn in the editor and the previews. */
export const SHAPE_STYLE: L.PathOptions = { color: '#1f5fa8', weight: 2, fillOpacity: 0.15 };

/**
 * A place on screen as numbers: longitude wrapped into -180..180, because a map panned past the
 * 180th meridian shows longitudes like 181. Wrapped, a drawing across the meridian is refused for
 * what it is ('cannot cross the 180th meridian') rather than as an illegal range.
 */
function screenPoint(ll: L.LatLng): LngLat {
  // Only when needed: wrapping does arithmetic that would change the last digits of every point.
  const w = ll.lng >= -180 && ll.lng <= 180 ? ll : ll.wrap();
  return { lng: w.lng, lat: w.lat };
}

/** The layer of a shape whose numbers are already in the tiles' system. */
export function layerOf(shape: DrawnShape, style: L.PathOptions = SHAPE_STYLE): L.Polygon | L.Circle {
  if (shape.type === 'circle') return L.circle([shape.center.lat, shape.center.lng], { ...style, radius: shape.radius });
  return L.polygon(
    shape.points.map((p) => [p.lat, p.lng] as [number, number]),
    style,
  );
}

/** A drawn layer back as a shape (in the tiles' system); null for anything but a polygon or circle. */
export function shapeOf(layer: L.Layer): DrawnShape | null {
  if (layer instanceof L.Circle) return { type: 'circle', center: screenPoint(layer.getLatLng()), radius: layer.getRadius() };
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    return { type: 'polygon', points: (rings[0] ?? []).map(screenPoint) };
  }
  return null;
}

/** The same shape in another coordinate system (WGS-84 <-> GCJ-02); a circle keeps its radius. */
export function convertShape(shape: DrawnShape, from: MapCoord, to: MapCoord): DrawnShape {
  if (from === to) return shape;
  const move = (p: LngLat): LngLat => {
    const wgs = fromDisplay(p.lng, p.lat, from);
    const [lng, lat] = toDisplay(wgs, to);
    return { lng, lat };
  };
  return shape.type === 'circle' ? { ...shape, center: move(shape.center) } : { type: 'polygon', points: shape.points.map(move) };
}
