import { useEffect, useRef, useState } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP } from '@ptt/contracts';
import { MapView, MemberLayer, wallLayerOptions } from '@ptt/map';
import type { PttMap } from '@ptt/map';
import { useBusState, useRefetchOnReconnect } from '@ptt/ui';
import { useScreen, useScreenMembersQuery } from '../core';
import { NS } from '../strings';
import { Roster } from './roster';

/** Presence storms (a shift logging in) become one redraw of the markers per this time. */
const MARKERS_EVERY_MS = 250;
const FIT_MAX_ZOOM = 16;

const useStyles = makeStyles({
  box: { position: 'relative', width: '100%', height: '100%', minHeight: 0, overflow: 'hidden' },
});

/**
 * Every member on @ptt/map's canvas layer, coloured by status, those in SOS red: the list from
 * GET /api/screen/members (read again after each reconnect), positions from ws/dispatch frames,
 * statuses from ws/ent OnLine/Logout. Framed on the members once, at the first read.
 */
export function ScreenMap({ sosUids }: { sosUids: ReadonlySet<number> }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { bus } = useScreen();
  const settings = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  const { data: members, refetch } = useScreenMembersQuery(undefined, { refetchOnMountOrArgChange: true });
  useRefetchOnReconnect(bus, refetch);
  const [map, setMap] = useState<PttMap | null>(null);
  const [layer, setLayer] = useState<MemberLayer | null>(null);
  const [roster] = useState(() => new Roster());
  const [drawn, setDrawn] = useState(0);
  const framed = useRef(false);
  const boxRef = useRef<HTMLDivElement | null>(null);
  const sosRef = useRef(sosUids);
  sosRef.current = sosUids;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const layerRef = useRef<MemberLayer | null>(null);
  layerRef.current = layer;

  const redrawMarkers = useRef(() => {
    if (pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      layerRef.current?.setMembers(roster.markers(sosRef.current));
      setDrawn(roster.size);
    }, MARKERS_EVERY_MS);
  }).current;
  useEffect(() => () => void (pending.current !== null && clearTimeout(pending.current)), []);

  useEffect(() => {
    if (!map) return;
    // Set up for a wall: nobody pans it, and a 4K map draws its members at half resolution
    // (ADR 009 addendum, issue 21). The width at creation decides; a display does not change size.
    const created = new MemberLayer(wallLayerOptions(boxRef.current?.clientWidth ?? 0)).addTo(map);
    setLayer(created);
    return () => {
      created.remove();
      setLayer(null);
    };
  }, [map]);

  // A read (first, or after a reconnect): the whole list again.
  useEffect(() => {
    if (!members) return;
    roster.load(members);
    setDrawn(roster.size);
    if (!layer) return;
    layer.setMembers(roster.markers(sosRef.current));
    const points = roster.points();
    if (points.length > 0) layer.pushPositions(points);
    if (!framed.current && map && points.length > 0) {
      framed.current = true;
      const corners = points.map((p) => map.toLatLng(p)).map((ll) => [ll.lat, ll.lng] as [number, number]);
      map.leaflet.fitBounds(corners, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM });
    }
  }, [members, layer, map, roster]);

  useEffect(() => redrawMarkers(), [sosUids, redrawMarkers]);

  useEffect(() => {
    const positions = bus.on('ws/dispatch').subscribe((event) => {
      const points = event.t === 'Location' ? [event.data] : event.t === 'Locations' ? event.data.points : null;
      if (!points || points.length === 0) return;
      const moved = points.map(({ uid, lng, lat, time }) => ({ uid, lng, lat, time }));
      if (roster.move(moved)) redrawMarkers();
      layerRef.current?.pushPositions(moved);
    });
    const presence = bus.on('ws/ent').subscribe((event) => {
      if ((event.kind === 'OnLine' || event.kind === 'Logout') && roster.setStatus(event.data.uid, event.data.status)) redrawMarkers();
    });
    return () => {
      positions.unsubscribe();
      presence.unsubscribe();
    };
  }, [bus, roster, redrawMarkers]);

  return (
    <div ref={boxRef} className={styles.box} data-testid="screen-map" data-members={drawn}>
      <MapView settings={settings} ariaLabel={t('map.label')} onReady={setMap} />
    </div>
  );
}
