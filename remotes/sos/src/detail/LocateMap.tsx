import { useEffect, useRef, useState } from 'react';
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import * as L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP } from '@ptt/contracts';
import type { LngLat as Place } from '@ptt/map';
import { COORD_CHANGE_EVENT, MapView, fetchTrack } from '@ptt/map';
import type { PttMap } from '@ptt/map';
import { useBusState } from '@ptt/ui';
import { useSos } from '../core';
import type { QueueEntry } from '../queue/queue';
import { NS } from '../strings';

// Plain colours, not Fluent's CSS variables: the map draws on a canvas, which cannot resolve var().
const TRACK_STYLE: L.PolylineOptions = { color: '#0f6cbd', weight: 4, opacity: 0.7 };
const HERE_STYLE: L.CircleMarkerOptions = { radius: 10, color: '#ffffff', weight: 3, fillColor: '#d13438', fillOpacity: 1 };
const STREET_ZOOM = 16;

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXS },
  box: { position: 'relative', height: '320px', borderRadius: tokens.borderRadiusLarge, overflow: 'hidden' },
});

interface Here extends Place {
  time: number;
}

/**
 * Locate: the member on a map, where the SOS said they were and then wherever their device
 * reports (`ws/dispatch` Location and Locations frames), with their last track (the track
 * endpoint of @ptt/map's track dialog) as a line. Loaded only when asked for (lazy), so the page
 * stays light when it is embedded and nobody locates.
 */
export default function LocateMap({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation(NS, { keyPrefix: 'map' });
  const styles = useStyles();
  const { api, bus } = useSos();
  const settings = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  const [map, setMap] = useState<PttMap | null>(null);
  const [here, setHere] = useState<Here | null>(null);
  const [track, setTrack] = useState<Place[] | null>(null);
  const [noTrack, setNoTrack] = useState(false);
  const { uid, lat, lng } = entry;

  // The SOS's own position, and again when a repeated raise moves it: the latest news of them.
  useEffect(() => {
    if (lat !== null && lng !== null) setHere({ lat, lng, time: Date.now() });
  }, [lat, lng]);

  useEffect(() => {
    const sub = bus.on('ws/dispatch').subscribe((event) => {
      const points = event.t === 'Location' ? [event.data] : event.t === 'Locations' ? event.data.points : [];
      let newest: Here | null = null;
      for (const p of points) if (p.uid === uid && (!newest || p.time >= newest.time)) newest = { lng: p.lng, lat: p.lat, time: p.time };
      if (newest) setHere(newest);
    });
    return () => sub.unsubscribe();
  }, [bus, uid]);

  useEffect(() => {
    const abort = new AbortController();
    fetchTrack(api, uid, {}, abort.signal).then(
      (found) => setTrack(found.points),
      () => !abort.signal.aborted && setNoTrack(true),
    );
    return () => abort.abort();
  }, [api, uid]);

  useDrawing(map, track, here);

  return (
    <div className={styles.root}>
      <div className={styles.box}>
        <MapView settings={settings} ariaLabel={t('label', { name: entry.nickname || entry.account })} onReady={setMap} />
      </div>
      <Caption1 role="status">{[here ? null : t('noPosition'), noTrack ? t('noTrack') : null].filter(Boolean).join(' ')}</Caption1>
    </div>
  );
}

/** The track line and the member's dot, redrawn when the tiles change coordinate system. */
function useDrawing(map: PttMap | null, track: Place[] | null, here: Here | null): void {
  const layers = useRef<{ line: L.Polyline; dot: L.CircleMarker } | null>(null);
  const framed = useRef(false);
  const latest = useRef({ track, here });
  latest.current = { track, here };

  useEffect(() => {
    if (!map) return;
    const line = L.polyline([], TRACK_STYLE).addTo(map.leaflet);
    const dot = L.circleMarker([0, 0], HERE_STYLE);
    layers.current = { line, dot };
    const redraw = () => draw(map, line, dot, latest.current.track, latest.current.here);
    map.leaflet.on(COORD_CHANGE_EVENT, redraw);
    return () => {
      map.leaflet.off(COORD_CHANGE_EVENT, redraw);
      line.remove();
      dot.remove();
      layers.current = null;
      framed.current = false;
    };
  }, [map]);

  useEffect(() => {
    const drawn = layers.current;
    if (!map || !drawn) return;
    draw(map, drawn.line, drawn.dot, track, here);
    // Frame once: on the member if we know where they are, else on their track. After that the
    // dispatcher moves the map; a new report only moves the dot.
    if (framed.current) return;
    if (here) {
      map.focus(here, STREET_ZOOM);
      framed.current = true;
    } else if (track && track.length > 0) {
      map.leaflet.fitBounds(drawn.line.getBounds(), { padding: [24, 24], maxZoom: STREET_ZOOM });
      framed.current = true;
    }
  }, [map, track, here]);
}

function draw(map: PttMap, line: L.Polyline, dot: L.CircleMarker, track: Place[] | null, here: Here | null): void {
  line.setLatLngs((track ?? []).map((p) => map.toLatLng(p)));
  if (!here) {
    dot.remove();
    return;
  }
  dot.setLatLng(map.toLatLng(here));
  if (!map.leaflet.hasLayer(dot)) dot.addTo(map.leaflet);
}
