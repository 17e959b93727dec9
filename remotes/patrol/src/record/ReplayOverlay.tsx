import { useEffect, useReducer } from 'react';
import type { PatrolNodeResult, PatrolRunNode } from '@ptt/contracts';
import { COORD_CHANGE_EVENT, type LngLat, type PttMap } from '@ptt/map';
import type { ReplayPoint, ReplayTrack } from './replay';

// Plain colours, not Fluent's CSS variables, to match the dashboard's charts and the map's canvas
// layers: green on time, teal early, orange late, red missed, grey still pending.
export const RESULT_COLORS: Record<PatrolNodeResult, string> = { onTime: '#107c10', early: '#038387', late: '#ca5010', missed: '#c50f1f', pending: '#8a8886' };
const MEMBER_COLORS = ['#0f6cbd', '#8764b8', '#b146c2', '#4f6bed', '#005b70'];
const MAP_EVENTS = 'move zoom viewreset resize';

export interface OverlayStop {
  node: PatrolRunNode;
  /** How it stood at the replay's time. */
  result: PatrolNodeResult;
}

export interface OverlayMember {
  track: ReplayTrack;
  name: string;
  /** Where the member was at the replay's time, null before their first point. */
  at: ReplayPoint | null;
}

interface Props {
  map: PttMap;
  stops: readonly OverlayStop[];
  members: readonly OverlayMember[];
  time: number;
}

/**
 * The run drawn over the map as one SVG, projected through the map (so GCJ-02 tiles get converted
 * points) and drawn again whenever the map moves: the planned route, the numbered stops in their
 * result's colour, each member's track (the part walked so far solid) and where they are now.
 * The stops table beside it says the same in words, so this layer is hidden from screen readers.
 */
export function ReplayOverlay({ map, stops, members, time }: Props) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    map.leaflet.on(MAP_EVENTS, redraw);
    map.leaflet.on(COORD_CHANGE_EVENT, redraw);
    return () => {
      map.leaflet.off(MAP_EVENTS, redraw);
      map.leaflet.off(COORD_CHANGE_EVENT, redraw);
    };
  }, [map]);
  const xy = (p: LngLat) => {
    const pt = map.leaflet.latLngToContainerPoint(map.toLatLng(p));
    return { x: pt.x, y: pt.y };
  };
  const line = (points: readonly LngLat[]) =>
    points
      .map(xy)
      .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
      .join(' ');
  return (
    <svg aria-hidden="true" data-testid="replay-overlay" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', zIndex: 450 }}>
      <polyline points={line(stops.map((s) => s.node))} fill="none" stroke="#605e5c" strokeWidth={2} strokeDasharray="6 6" />
      {members.map((m, i) => {
        const color = MEMBER_COLORS[i % MEMBER_COLORS.length]!;
        const walked = m.track.points.filter((p) => p.time <= time);
        return (
          <g key={m.track.uid} data-testid={`replay-member-${m.track.uid}`}>
            <polyline points={line(m.track.points)} fill="none" stroke={color} strokeOpacity={0.3} strokeWidth={3} />
            <polyline points={line(m.at ? [...walked, m.at] : walked)} fill="none" stroke={color} strokeWidth={4} />
            {m.at && <MemberMark at={xy(m.at)} color={color} name={m.name} />}
          </g>
        );
      })}
      {stops.map(({ node, result }) => {
        const { x, y } = xy(node);
        return (
          <g key={node.seq} data-testid={`replay-stop-${node.seq}`} data-result={result}>
            <circle cx={x} cy={y} r={12} fill={RESULT_COLORS[result]} stroke="#ffffff" strokeWidth={2} />
            <text x={x} y={y} dy="0.35em" textAnchor="middle" fontSize={12} fontWeight={600} fill="#ffffff">
              {node.seq + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function MemberMark({ at, color, name }: { at: { x: number; y: number }; color: string; name: string }) {
  return (
    <g>
      <circle cx={at.x} cy={at.y} r={8} fill={color} stroke="#ffffff" strokeWidth={2} />
      <text x={at.x + 12} y={at.y} dy="0.35em" fontSize={12} fontWeight={600} fill={color} stroke="#ffffff" strokeWidth={3} paintOrder="stroke">
        {name}
      </text>
    </g>
  );
}
