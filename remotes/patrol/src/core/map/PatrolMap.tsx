import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { MapView, type LngLat, type PttMap } from '@ptt/map';
import { useMapSettings } from '../context';
import { useMapView, type Projector } from './useMapView';

const useStyles = makeStyles({
  box: { position: 'relative', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', minWidth: 0 },
  // Above Leaflet's vector overlays (400), below its markers, tooltips and controls (600+).
  svg: { position: 'absolute', inset: 0, width: '100%', height: '100%', zIndex: 450, pointerEvents: 'none', overflow: 'hidden' },
});

interface Props {
  label: string;
  /** CSS height of the map box. */
  height: number | string;
  /** Where a map with nothing to frame starts (WGS-84). */
  center?: LngLat;
  zoom?: number;
  /** Once, when the map is ready. */
  onReady?: (map: PttMap) => void;
  /** What to draw over the map, in SVG, placed with the projector. */
  draw?: (projector: Projector, map: PttMap) => ReactNode;
  /** Headless parts that need the map (click handlers, framing). */
  children?: (map: PttMap) => ReactNode;
}

/**
 * The patrol maps: the tiles of the settings with nodes, routes and members drawn over them as SVG
 * (a few hundred marks at most, each an element a screen reader and a test can find and press).
 */
export function PatrolMap({ label, height, center, zoom, onReady, draw, children }: Props) {
  const styles = useStyles();
  const settings = useMapSettings();
  const [map, setMap] = useState<PttMap | null>(null);
  return (
    <div className={styles.box} style={{ height }}>
      <MapView
        settings={settings}
        ariaLabel={label}
        center={center}
        zoom={zoom}
        onReady={(m) => {
          setMap(m);
          onReady?.(m);
        }}
      >
        {map && draw && <Overlay map={map} draw={draw} className={styles.svg} />}
        {map && children?.(map)}
      </MapView>
    </div>
  );
}

function Overlay({ map, draw, className }: { map: PttMap; draw: (projector: Projector, map: PttMap) => ReactNode; className: string }) {
  const projector = useMapView(map);
  return (
    <svg className={className} data-testid="patrol-map-overlay">
      {draw(projector, map)}
    </svg>
  );
}
