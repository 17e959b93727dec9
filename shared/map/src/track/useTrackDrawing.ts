import { useEffect, useRef } from 'react';
import * as L from 'leaflet';
import { COORD_CHANGE_EVENT } from '../types';
import type { PttMap } from '../types';
import type { Timeline, TrackPosition } from './playback';

// Plain colours, not Fluent's CSS variables: a canvas renderer cannot resolve var(). Fluent's
// brand blue for the line and its red for the point, white-ringed to stand out on any tiles.
const LINE_STYLE: L.PolylineOptions = { color: '#0f6cbd', weight: 4, opacity: 0.8 };
const MARKER_STYLE: L.CircleMarkerOptions = { radius: 8, color: '#ffffff', weight: 2, fillColor: '#d13438', fillOpacity: 1 };

/**
 * Draws a track on a map: the whole line, and a marker at the playback position that the map
 * keeps centred while `follow` is on. Redrawn when the tiles switch coordinate system, since the
 * same WGS-84 point then sits elsewhere on screen.
 */
export function useTrackDrawing(map: PttMap | null, timeline: Timeline | null, position: TrackPosition | null, follow: boolean): void {
  const marker = useRef<L.CircleMarker | null>(null);
  const positionRef = useRef(position);
  positionRef.current = position;

  useEffect(() => {
    if (!map || !timeline) return;
    const line = L.polyline([], LINE_STYLE).addTo(map.leaflet);
    const dot = L.circleMarker([0, 0], MARKER_STYLE).addTo(map.leaflet);
    marker.current = dot;
    const draw = () => {
      const latLngs = timeline.points.map((p) => map.toLatLng(p));
      line.setLatLngs(latLngs);
      const at = positionRef.current ?? timeline.at(0);
      dot.setLatLng(map.toLatLng(at));
    };
    draw();
    // The dialog's map may get its size after the first layout: measure again, then frame the line.
    map.leaflet.invalidateSize();
    map.leaflet.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: 17 });
    map.leaflet.on(COORD_CHANGE_EVENT, draw);
    return () => {
      map.leaflet.off(COORD_CHANGE_EVENT, draw);
      line.remove();
      dot.remove();
      marker.current = null;
    };
  }, [map, timeline]);

  useEffect(() => {
    if (!map || !position || !marker.current) return;
    const at = map.toLatLng(position);
    marker.current.setLatLng(at);
    if (follow) map.leaflet.panTo(at, { animate: false });
  }, [map, position, follow]);
}
