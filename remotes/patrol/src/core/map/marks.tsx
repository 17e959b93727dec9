import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { LngLat, PttMap } from '@ptt/map';
import type { Projector } from './useMapView';

// SVG marks of the patrol maps. Plain colours: they sit on any tiles, light or dark.
export const COLORS = { node: '#0f6cbd', disabled: '#8a8886', selected: '#c50f1f', route: '#0f6cbd', member: '#107c10', offline: '#8a8886', pending: '#ca5010' };

export interface NodeMark extends LngLat {
  id: number;
  name: string;
  radiusM: number;
  enabled?: boolean;
}

interface NodeMarksProps {
  projector: Projector;
  nodes: readonly NodeMark[];
  selectedId?: number | null;
  /** Pressing a node (click, Enter, Space); without it the marks are only shown. */
  onPress?: (node: NodeMark) => void;
  /** The accessible name of a pressable node. */
  pressLabel?: (node: NodeMark) => string;
  /** Numbers shown beside nodes (their places in a route), by node id. */
  badges?: ReadonlyMap<number, string>;
  color?: string;
}

const pressKeys = (press: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  press();
};

/** Nodes: the check-in radius as a circle, a dot, the name, and an optional route badge. */
export function NodeMarks({ projector, nodes, selectedId = null, onPress, pressLabel, badges, color = COLORS.node }: NodeMarksProps) {
  return (
    <g>
      {nodes.map((n) => {
        const { x, y } = projector.point(n);
        const r = Math.max(projector.pixels(n.radiusM, n.lat), 2);
        const selected = n.id === selectedId;
        const stroke = selected ? COLORS.selected : n.enabled === false ? COLORS.disabled : color;
        const badge = badges?.get(n.id);
        const press = onPress ? () => onPress(n) : undefined;
        return (
          <g key={n.id} data-testid={`map-node-${n.id}`} data-selected={String(selected)}>
            <circle cx={x} cy={y} r={r} fill={stroke} fillOpacity={0.12} stroke={stroke} strokeWidth={selected ? 2 : 1} />
            <g
              role={press ? 'button' : undefined}
              tabIndex={press ? 0 : undefined}
              aria-label={press ? (pressLabel?.(n) ?? n.name) : undefined}
              onClick={press}
              onKeyDown={press ? pressKeys(press) : undefined}
              style={press ? { pointerEvents: 'auto', cursor: 'pointer' } : undefined}
            >
              <circle cx={x} cy={y} r={selected ? 8 : 6} fill={stroke} stroke="#ffffff" strokeWidth={2} />
              <text x={x + 10} y={y + 4} fontSize={12} fontWeight={selected ? 700 : 400} fill="#242424" stroke="#ffffff" strokeWidth={3} paintOrder="stroke">
                {badge ? `${badge}. ${n.name}` : n.name}
              </text>
            </g>
          </g>
        );
      })}
    </g>
  );
}

/** A route through its stops, in order, with an arrow at each stop it reaches. */
export function RouteLine({ projector, stops, color = COLORS.route }: { projector: Projector; stops: readonly LngLat[]; color?: string }) {
  if (stops.length < 2) return null;
  const points = stops.map((s) => projector.point(s));
  return (
    <g data-testid="route-line" data-stops={stops.length}>
      <defs>
        <marker id="patrol-route-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={color} />
        </marker>
      </defs>
      {points.slice(1).map((to, i) => {
        const from = points[i]!;
        // Stop the arrow short of the dot so the head shows.
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const len = Math.hypot(dx, dy);
        const k = len > 20 ? (len - 10) / len : 1;
        return <line key={i} x1={from.x} y1={from.y} x2={from.x + dx * k} y2={from.y + dy * k} stroke={color} strokeWidth={3} strokeOpacity={0.8} markerEnd="url(#patrol-route-arrow)" />;
      })}
    </g>
  );
}

interface PinProps {
  projector: Projector;
  map: PttMap;
  at: LngLat;
  radiusM: number;
  label: string;
  /** The pin dragged to a new place (WGS-84). */
  onMove: (p: LngLat) => void;
}

/** The node being placed: its radius and a pin the user drags (the map does not pan meanwhile). */
export function DraggablePin({ projector, map, at, radiusM, label, onMove }: PinProps) {
  const { x, y } = projector.point(at);
  const r = Math.max(projector.pixels(radiusM, at.lat), 2);
  const move = (e: ReactPointerEvent<SVGGElement>) => {
    const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect();
    const ll = map.leaflet.containerPointToLatLng([e.clientX - box.left, e.clientY - box.top]);
    onMove(map.fromLatLng(ll));
  };
  return (
    <g data-testid="node-pin">
      <circle cx={x} cy={y} r={r} fill={COLORS.selected} fillOpacity={0.15} stroke={COLORS.selected} strokeWidth={2} strokeDasharray="4 3" />
      <g
        role="img"
        aria-label={label}
        style={{ pointerEvents: 'auto', cursor: 'grab', touchAction: 'none' }}
        onPointerDown={(e) => {
          e.stopPropagation();
          e.currentTarget.setPointerCapture?.(e.pointerId);
          map.leaflet.dragging?.disable();
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture?.(e.pointerId)) move(e);
        }}
        onPointerUp={(e) => {
          if (e.currentTarget.hasPointerCapture?.(e.pointerId)) {
            move(e);
            e.currentTarget.releasePointerCapture(e.pointerId);
          }
          map.leaflet.dragging?.enable();
        }}
      >
        <path d={`M ${x} ${y} l -9 -22 a 10 10 0 1 1 18 0 z`} fill={COLORS.selected} stroke="#ffffff" strokeWidth={2} />
        <circle cx={x} cy={y - 26} r={3.5} fill="#ffffff" />
      </g>
    </g>
  );
}

export interface MemberMark extends LngLat {
  uid: number;
  name: string;
  online: boolean;
}

/** Members at their latest positions, named; the selected one ringed. */
export function MemberMarks({ projector, members, selectedUid = null, onPress, pressLabel }: { projector: Projector; members: readonly MemberMark[]; selectedUid?: number | null; onPress?: (m: MemberMark) => void; pressLabel?: (m: MemberMark) => string }) {
  return (
    <g>
      {members.map((m) => {
        const { x, y } = projector.point(m);
        const color = m.online ? COLORS.member : COLORS.offline;
        const selected = m.uid === selectedUid;
        const press = onPress ? () => onPress(m) : undefined;
        return (
          <g
            key={m.uid}
            data-testid={`map-member-${m.uid}`}
            role={press ? 'button' : undefined}
            tabIndex={press ? 0 : undefined}
            aria-label={press ? (pressLabel?.(m) ?? m.name) : undefined}
            onClick={press}
            onKeyDown={press ? pressKeys(press) : undefined}
            style={press ? { pointerEvents: 'auto', cursor: 'pointer' } : undefined}
          >
            {selected && <circle cx={x} cy={y} r={13} fill="none" stroke={COLORS.selected} strokeWidth={2} />}
            <rect x={x - 7} y={y - 7} width={14} height={14} rx={3} fill={color} stroke="#ffffff" strokeWidth={2} />
            <text x={x + 11} y={y + 4} fontSize={12} fontWeight={600} fill="#242424" stroke="#ffffff" strokeWidth={3} paintOrder="stroke">
              {m.name}
            </text>
          </g>
        );
      })}
    </g>
  );
}
