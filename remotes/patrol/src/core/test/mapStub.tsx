// Stands in for @ptt/map in the patrol page tests (jest.mock): jsdom lays nothing out and has no
// canvas. The stub map is ready at once and projects degrees linearly, so the SVG marks render and
// a test can press them or "click" the map at a place.
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { LngLat } from '@ptt/map';

export const COORD_CHANGE_EVENT = 'ptt:coordchange';

type Handler = (e: { latlng: { lat: number; lng: number } }) => void;
const handlers = new Map<string, Set<Handler>>();

const SCALE = 10_000;

export const fakeMap = {
  coord: 'wgs84' as const,
  toLatLng: (p: LngLat) => ({ lat: p.lat, lng: p.lng }),
  fromLatLng: (ll: { lat: number; lng: number }) => ({ lng: ll.lng, lat: ll.lat }),
  focus: jest.fn(),
  leaflet: {
    on(types: string, fn: Handler) {
      for (const type of types.split(' ')) {
        const set = handlers.get(type) ?? new Set<Handler>();
        set.add(fn);
        handlers.set(type, set);
      }
    },
    off(types: string, fn: Handler) {
      for (const type of types.split(' ')) handlers.get(type)?.delete(fn);
    },
    latLngToContainerPoint: (ll: { lat: number; lng: number }) => ({ x: (ll.lng - 116) * SCALE, y: (40 - ll.lat) * SCALE }),
    containerPointToLatLng: ([x, y]: [number, number]) => ({ lng: 116 + x / SCALE, lat: 40 - y / SCALE }),
    getZoom: () => 15,
    fitBounds: jest.fn(),
    setView: jest.fn(),
    dragging: { enable: jest.fn(), disable: jest.fn() },
  },
};

/** What a click on the map at a place does (WGS-84). */
export function clickMap(p: LngLat): void {
  for (const fn of [...(handlers.get('click') ?? [])]) fn({ latlng: { lat: p.lat, lng: p.lng } });
}

export function MapView({ ariaLabel, onReady, children }: { ariaLabel: string; onReady?: (map: unknown) => void; children?: ReactNode }) {
  const ready = useRef(onReady);
  useEffect(() => ready.current?.(fakeMap), []);
  return (
    <div>
      <div role="region" aria-label={ariaLabel} />
      {children}
    </div>
  );
}
