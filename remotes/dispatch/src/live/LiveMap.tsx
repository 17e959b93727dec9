import { useCallback, useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import * as L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP, can } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { MapView, TrackDialog } from '@ptt/map';
import type { MemberMarker, PttMap } from '@ptt/map';
import { useBusState } from '@ptt/ui';
import { NS, focusMember, openTrack, selectMember, useAppDispatch, useAppSelector } from '../core';
import { FenceAlertList, FenceMapLayer, fenceAlertShown, shownAlert, useFenceAlerts, useFenceLayerSetting } from '../fences';
import type { FenceAlertEntry } from '../fences';
import { PatrolAlertList, PatrolNodeMarker, patrolAlertShown, shownPatrolAlert, usePatrolAlerts } from '../patrol';
import type { PatrolAlertEntry } from '../patrol';
import { MapToolbar } from './MapToolbar';
import { SosDialog } from './SosDialog';
import { TempChannelDialog } from './TempChannelDialog';
import { sosShow } from './slice';
import { useAreaPick } from './useAreaPick';
import { useLiveRoster } from './useLiveRoster';
import { FOCUS_ZOOM, useMapFocus } from './useMapFocus';
import { useMapTalkers } from './useMapTalkers';
import { useSosAlerts } from './useSosAlerts';
import { useTempChannel } from './useTempChannel';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateRows: 'auto 1fr', height: '100%', minHeight: '320px', position: 'relative' },
  // MapView fills its parent (height 100%): this box gives it the rest of the pane.
  mapBox: { position: 'relative', minHeight: '240px', height: '100%' },
  note: { position: 'absolute', zIndex: 1000, left: tokens.spacingHorizontalM, right: tokens.spacingHorizontalM, bottom: tokens.spacingVerticalM },
  // Top right: Leaflet's zoom buttons are top left and its attribution bottom right. Fence alerts,
  // then patrol alerts under them; a long pile scrolls rather than covering the whole map.
  alerts: {
    position: 'absolute', zIndex: 1000, top: tokens.spacingVerticalS, right: tokens.spacingHorizontalS, left: '56px', maxHeight: `calc(100% - 48px)`, overflowY: 'auto',
    display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: tokens.spacingVerticalS, pointerEvents: 'none', '& > *': { pointerEvents: 'auto' },
  },
});

export interface LiveMapProps {
  api: ApiClient;
  bus: EventBus;
}

/** The dispatch console's map: live members, their tracks, SOS alerts and temporary channels. */
export function LiveMap({ api, bus }: LiveMapProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const session = useBusState(bus, 'session');
  const settings = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  const selectedUserId = useAppSelector((s) => s.console.selectedUserId);
  const trackUserId = useAppSelector((s) => s.console.trackUserId);
  const sosCount = useAppSelector((s) => s.live.sos.length);
  const [map, setMap] = useState<PttMap | null>(null);
  const [follow, setFollow] = useState(false);
  const staff = session ? can(session.role, 'location.read') : false;
  const fenceReader = session ? can(session.role, 'fence.read') : false;
  const [fenceLayer, setFenceLayer] = useFenceLayerSetting();
  const shownFenceAlert = useAppSelector((s) => shownAlert(s.fenceAlerts));
  const shownPatrol = useAppSelector((s) => shownPatrolAlert(s.patrolAlerts));

  const onSelect = useCallback((uid: number) => dispatch(selectMember(uid)), [dispatch]);
  const live = useLiveRoster(api, bus, map, session, onSelect);
  const siren = useSosAlerts(api, bus, session, live.addPoint);
  const temp = useTempChannel(api, bus, session?.id ?? null);
  const area = useAreaPick(map, live.roster, session?.id ?? null);
  useMapFocus(bus, map, live);
  useMapTalkers(map, live, session, onSelect);
  useFenceAlerts(bus, session);
  usePatrolAlerts(bus, session);

  // "Show on map": the member where the alert saw them (unless a newer position is known), in the
  // middle and selected, and the alert's fence drawn highlighted.
  const showFenceAlert = (a: FenceAlertEntry) => {
    live.addPoint({ uid: a.uid, lng: a.lng, lat: a.lat, time: Date.parse(a.time) });
    dispatch(fenceAlertShown(a.alertId));
    dispatch(focusMember(a.uid));
  };

  // "Show on map" of a missed checkpoint: the node in the middle at street level, marked.
  const showPatrolAlert = (a: PatrolAlertEntry) => {
    dispatch(patrolAlertShown(a.id));
    map?.focus({ lng: a.lng, lat: a.lat }, Math.max(map.leaflet.getZoom(), FOCUS_ZOOM));
  };

  useEffect(() => live.layer?.select(selectedUserId), [live.layer, selectedUserId]);

  // Follow: keep the selected member in the middle as their positions arrive.
  const followed = useRef<number | null>(null);
  followed.current = follow ? selectedUserId : null;
  useEffect(() => {
    if (!map || !follow || selectedUserId === null) return;
    const here = live.roster.position(selectedUserId);
    if (here) map.leaflet.panTo(map.toLatLng(here));
    return live.onPoints((points) => {
      for (let i = points.length - 1; i >= 0; i -= 1) {
        const p = points[i]!;
        if (p.uid !== followed.current) continue;
        map.leaflet.panTo(map.toLatLng(p));
        return;
      }
    });
  }, [follow, live, map, selectedUserId]);
  useEffect(() => {
    if (selectedUserId === null) setFollow(false);
  }, [selectedUserId]);

  const fitAll = () => {
    const points = live.roster.positionList();
    if (!map) return;
    if (points.length === 0) {
      bus.publish('notify', { intent: 'info', key: `${NS}:live.noPositions` });
      return;
    }
    const bounds = L.latLngBounds(points.map((p) => map.toLatLng(p)));
    map.leaflet.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
  };

  const [tempOpen, setTempOpen] = useState(false);
  const [candidates, setCandidates] = useState<MemberMarker[]>([]);
  const pickArea = async (shape: 'circle' | 'polygon') => {
    const picked = await area.pick(shape);
    if (picked === null) return;
    setCandidates(picked);
    setTempOpen(true);
  };

  return (
    <section className={styles.root} aria-label={t('live.label')}>
      <MapToolbar
        staff={staff}
        mapReady={map !== null}
        hasSelection={selectedUserId !== null}
        follow={follow}
        onFollow={setFollow}
        onFitAll={fitAll}
        onSelectArea={(shape) => void pickArea(shape)}
        selecting={area.selecting !== null}
        tempActive={temp.active !== null}
        onShowTemp={() => {
          setCandidates([]);
          setTempOpen(true);
        }}
        sosCount={sosCount}
        onShowSos={() => dispatch(sosShow(undefined))}
        fenceLayer={fenceReader ? { on: fenceLayer, set: setFenceLayer } : null}
      />
      <div className={styles.mapBox}>
        <MapView settings={settings} ariaLabel={t('live.mapLabel')} onReady={setMap} />
        {fenceReader ? <FenceMapLayer bus={bus} map={map} all={fenceLayer} highlightId={shownFenceAlert?.fenceId ?? null} /> : null}
        <PatrolNodeMarker map={map} alert={shownPatrol} />
        <div className={styles.alerts}>
          <FenceAlertList onShow={showFenceAlert} />
          <PatrolAlertList onShow={showPatrolAlert} />
        </div>
      </div>
      <div className={styles.note} aria-live="polite">
        {area.selecting ? (
          <MessageBar intent="info">
            <MessageBarBody>{t(area.selecting === 'circle' ? 'live.temp.drawCircle' : 'live.temp.drawPolygon')}</MessageBarBody>
          </MessageBar>
        ) : live.status === 'self' ? (
          <MessageBar intent="info">
            <MessageBarBody>{live.roster.position(session?.id ?? 0) ? t('live.selfOnly') : t('live.selfNoPosition')}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
      <TrackDialog
        api={api}
        settings={settings}
        userId={trackUserId}
        name={trackUserId === null ? undefined : live.roster.member(trackUserId)?.name}
        onClose={() => dispatch(openTrack(null))}
      />
      <SosDialog api={api} bus={bus} siren={siren} />
      <TempChannelDialog open={tempOpen} candidates={candidates} control={temp} onClose={() => setTempOpen(false)} />
    </section>
  );
}
