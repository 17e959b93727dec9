import 'leaflet/dist/leaflet.css';
import './map.css';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import * as L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { CLIENT_ERROR_KEYS, type MapSettings } from '@ptt/contracts';
import { loadMapConfig, tileSourceFor, type MapConfig } from './config';
import { createPttMap, type PttMapHandle } from './pttMap';
import { tileLayersFor } from './tileLayers';
import type { LngLat, PttMap } from './types';
import { MAP_NS } from './strings';
import { mapConfigPathFor, setTileMode, useTileMode } from './tileMode';

export interface MapViewProps {
  /** Map type and style (the settings dialog's choice). */
  settings: MapSettings;
  ariaLabel: string;
  /** Initial centre, WGS-84. */
  center?: LngLat;
  /** Initial zoom. */
  zoom?: number;
  /** Once, when the map has its first tiles (or the tile config failed to load). */
  onReady?: (map: PttMap) => void;
  className?: string;
  /** Rendered over the map; `usePttMap()` gives them the map. */
  children?: ReactNode;
}

// Mainland China: the product's home ground.
const DEFAULT_CENTER: LngLat = { lng: 108.9, lat: 34.3 };
const DEFAULT_ZOOM = 4;

const PttMapContext = createContext<PttMap | null>(null);

/** The map of the nearest MapView, null until it is ready. */
export function usePttMap(): PttMap | null {
  return useContext(PttMapContext);
}

/** Leaflet map (canvas rendering) with the tiles of the settings' type and style. */
export function MapView({ settings, ariaLabel, center, zoom, onReady, className, children }: MapViewProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const initialView = useRef({ center: center ?? DEFAULT_CENTER, zoom: zoom ?? DEFAULT_ZOOM });
  const onReadyRef = useRef(onReady);
  const [map, setMap] = useState<PttMapHandle | null>(null);
  const [config, setConfig] = useState<MapConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const tileMode = useTileMode();
  const configPath = mapConfigPathFor(tileMode);

  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const { center: c, zoom: z } = initialView.current;
    // The map starts on WGS-84 numbers; setCoord moves it to the same place if the tiles are GCJ-02.
    const leaflet = L.map(el, { preferCanvas: true, zoomControl: true, attributionControl: true, center: [c.lat, c.lng], zoom: z });
    const handle = createPttMap(leaflet, 'wgs84');
    setMap(handle);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => leaflet.invalidateSize());
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      leaflet.remove();
      setMap(null);
      setReady(false);
    };
  }, []);

  useEffect(() => {
    let live = true;
    setConfigFailed(false);
    loadMapConfig(configPath).then(
      (c) => live && setConfig(c),
      (err: unknown) => {
        console.error('map config failed to load', err);
        if (live) setConfigFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [configPath]);

  const { type, style } = settings;
  useEffect(() => {
    if (!map || !config) return;
    const source = tileSourceFor(config, { type, style } as MapSettings);
    map.leaflet.setMaxZoom(source.maxZoom);
    if (map.leaflet.getZoom() > source.maxZoom) map.leaflet.setZoom(source.maxZoom);
    map.setCoord(source.coord);
    const layers = tileLayersFor(source, configPath);
    // A whole round of tiles without one success is what the user sees as a broken map.
    let errors = 0;
    let loaded = 0;
    const base = layers[0]!;
    base.on('loading', () => {
      errors = 0;
      loaded = 0;
    });
    base.on('tileload', () => (loaded += 1));
    base.on('load', () => setTilesFailed(errors > 0 && loaded === 0));
    for (const layer of layers) {
      layer.on('tileerror', () => {
        errors += 1;
        if (loaded === 0) setTilesFailed(true);
      });
      layer.addTo(map.leaflet);
    }
    setTilesFailed(false);
    setReady(true);
    return () => {
      for (const layer of layers) layer.remove();
    };
  }, [map, config, type, style, configPath]);

  useEffect(() => {
    if (map && configFailed) setReady(true);
  }, [map, configFailed]);

  const fired = useRef<PttMap | null>(null);
  useEffect(() => {
    if (!ready || !map || fired.current === map) return;
    fired.current = map;
    onReadyRef.current?.(map);
  }, [ready, map]);

  return (
    <div className={className} style={{ position: 'relative', width: '100%', height: '100%', minHeight: 0 }}>
      <div ref={hostRef} role="region" aria-label={ariaLabel} style={{ position: 'absolute', inset: 0 }} />
      {(configFailed || tilesFailed) && (
        <div style={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 1001, maxWidth: '90%' }}>
          <MessageBar intent="error" politeness="assertive">
            <MessageBarBody>{t(CLIENT_ERROR_KEYS.mapLoadError, { ns: 'common' })}</MessageBarBody>
            {tileMode === 'configured' && (
              <MessageBarActions>
                <Button size="small" onClick={() => setTileMode('offline')}>
                  {t('useOfflineMap', { ns: MAP_NS })}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        </div>
      )}
      {tileMode === 'offline' && (
        // The way back once the network is there again; small, out of the map's way.
        <div style={{ position: 'absolute', bottom: 24, left: 8, zIndex: 1000 }}>
          <Button size="small" onClick={() => setTileMode('configured')} title={t('offlineMapOn', { ns: MAP_NS })}>
            {t('useOnlineTiles', { ns: MAP_NS })}
          </Button>
        </div>
      )}
      <PttMapContext.Provider value={ready ? map : null}>{children}</PttMapContext.Provider>
    </div>
  );
}
