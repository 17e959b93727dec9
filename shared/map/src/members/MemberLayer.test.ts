import * as L from 'leaflet';
import { fireEvent, screen, within } from '@testing-library/react';
import { createPttMap, type PttMapHandle } from '../pttMap';
import type { MemberMarker, PositionPoint } from '../types';
import { fakeFrames } from './fakeFrames';
import { MemberLayer } from './MemberLayer';

// jsdom has no 2D canvas: a context that accepts every call stands in, so the layer paints
// (into nothing) and keeps what it drew for hit testing.
jest.mock('./canvas', () => ({ ...jest.requireActual<object>('./canvas'), canvasSupported: () => true }));
const noop = () => undefined;
let drawImages = 0;
const drawImage = () => {
  drawImages += 1;
};
const ctx = new Proxy({}, { get: (_t, key) => (key === 'canvas' ? undefined : key === 'drawImage' ? drawImage : noop), set: () => true });
HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext'];

const NOW = Date.now();
const crew: MemberMarker[] = [
  { uid: 1, name: 'Chen <b>Wei</b>', status: 'online' },
  { uid: 2, name: 'Ahmed', status: 'busy' },
  { uid: 3, name: 'Bella', status: 'away' },
];
const pos = (uid: number, lng: number, lat: number, time = NOW): PositionPoint => ({ uid, lng, lat, time });

let el: HTMLDivElement;
let map: PttMapHandle;
beforeEach(() => {
  el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: 800 });
  Object.defineProperty(el, 'clientHeight', { value: 600 });
  document.body.append(el);
  map = createPttMap(L.map(el, { center: [31.23, 121.47], zoom: 11, zoomAnimation: false, fadeAnimation: false }), 'wgs84');
});
afterEach(() => {
  jest.restoreAllMocks();
  map.leaflet.remove();
  el.remove();
});

const clickAt = (lng: number, lat: number) => {
  const latlng = map.toLatLng({ lng, lat });
  map.leaflet.fire('click', { latlng, layerPoint: map.leaflet.latLngToLayerPoint(latlng), containerPoint: map.leaflet.latLngToContainerPoint(latlng) });
};
const selectedMarker = () => el.querySelector<HTMLElement>('[role="img"][data-uid]');
// Leaflet places markers with left/top where there is no 3D transform (jsdom).
const placeOf = (m: HTMLElement) => `${m.style.transform}|${m.style.left},${m.style.top}`;

describe('MemberLayer', () => {
  it('applies a storm of positions once per frame and moves the selected DOM marker', () => {
    const frames = fakeFrames();
    const layer = new MemberLayer({ frames }).addTo(map);
    layer.setMembers(crew);
    layer.select(2);
    layer.pushPositions([pos(2, 121.47, 31.23)]);
    expect(selectedMarker()).toBeNull();
    frames.step();
    const marker = selectedMarker()!;
    expect(marker).toHaveAttribute('aria-label', 'Ahmed');
    expect(marker).toHaveAttribute('data-uid', '2');
    const before = placeOf(marker);

    for (let i = 1; i <= 200; i++) layer.pushPositions([pos(2, 121.47 + i * 0.0005, 31.23, NOW + i)]);
    expect(placeOf(selectedMarker()!)).toBe(before);
    expect(frames.step()).toBe(1);
    expect(layer.positionOf(2)).toEqual(pos(2, 121.57, 31.23, NOW + 200));
    expect(placeOf(selectedMarker()!)).not.toBe(before);
    layer.remove();
    expect(selectedMarker()).toBeNull();
  });

  it('shows a stale selected member as stale', () => {
    const frames = fakeFrames();
    const layer = new MemberLayer({ frames, staleAfterMs: 60_000 }).addTo(map);
    layer.setMembers(crew);
    layer.pushPositions([pos(3, 121.47, 31.23, NOW - 61_000)]);
    frames.step();
    layer.select(3);
    expect(selectedMarker()).toHaveAttribute('data-stale');
    layer.remove();
  });

  it('calls onSelect when a member point is clicked', () => {
    const frames = fakeFrames();
    const onSelect = jest.fn();
    const layer = new MemberLayer({ frames, onSelect }).addTo(map);
    layer.setMembers(crew);
    layer.pushPositions([pos(1, 121.40, 31.20), pos(2, 121.55, 31.26)]);
    frames.step();
    clickAt(121.55, 31.26);
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(selectedMarker()).toHaveAttribute('aria-label', 'Ahmed');
    layer.remove();
  });

  it('lists a clicked cluster as buttons with plain-text names, zooms in, and a name selects its member', () => {
    const frames = fakeFrames();
    const onSelect = jest.fn();
    const layer = new MemberLayer({ frames, onSelect }).addTo(map);
    layer.setMembers(crew);
    layer.pushPositions([pos(1, 121.47, 31.23), pos(2, 121.471, 31.2305), pos(3, 121.472, 31.2295)]);
    frames.step();
    const zoomBefore = map.leaflet.getZoom();
    clickAt(121.471, 31.23);
    expect(map.leaflet.getZoom()).toBeGreaterThan(zoomBefore);
    const list = screen.getByRole('list');
    const names = within(list).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Ahmed', 'Bella', 'Chen <b>Wei</b>']);
    expect(list.querySelector('b')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Bella' }));
    expect(onSelect).toHaveBeenCalledWith(3);
    expect(selectedMarker()).toHaveAttribute('aria-label', 'Bella');
    layer.remove();
  });

  it('gives a paced re-clustering a frame of its own and paints in the next; repaints nothing when nothing moved on screen', () => {
    const frames = fakeFrames();
    let now = 1000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const layer = new MemberLayer({ frames }).addTo(map);
    layer.setMembers(crew);
    // Far apart: three members drawn on their own.
    layer.pushPositions([pos(1, 121.3, 31.1), pos(2, 121.47, 31.23), pos(3, 121.6, 31.35)]);
    frames.step();
    const painted = drawImages;
    expect(painted).toBeGreaterThanOrEqual(3);

    // A member moves soon after: drawn where it is now, without re-clustering.
    now += 50;
    layer.pushPositions([pos(1, 121.31, 31.1, NOW + 1)]);
    frames.step();
    expect(drawImages).toBeGreaterThan(painted);

    // Later, a move lets the clusters catch up: that frame re-clusters and draws nothing...
    now += 1000;
    const before = drawImages;
    layer.pushPositions([pos(1, 121.32, 31.1, NOW + 2)]);
    frames.step();
    expect(drawImages).toBe(before);
    // ...the next one paints.
    expect(frames.step()).toBe(1);
    expect(drawImages).toBeGreaterThan(before);

    // A move of less than a pixel changes nothing on screen: no drawing at all.
    now += 50;
    const still = drawImages;
    layer.pushPositions([pos(1, 121.3200001, 31.1, NOW + 3)]);
    frames.step();
    expect(drawImages).toBe(still);
    layer.remove();
  });

  it('re-projects the selected marker when the tiles switch to GCJ-02', () => {
    const frames = fakeFrames();
    const layer = new MemberLayer({ frames }).addTo(map);
    layer.setMembers(crew);
    layer.select(1);
    layer.pushPositions([pos(1, 121.47, 31.23)]);
    frames.step();
    const marker = () => {
      let found: L.Marker | undefined;
      map.leaflet.eachLayer((l) => {
        if (l instanceof L.Marker) found = l;
      });
      return found!;
    };
    expect(marker().getLatLng()).toEqual(L.latLng(31.23, 121.47));
    map.setCoord('gcj02');
    expect(marker().getLatLng().equals(map.toLatLng({ lng: 121.47, lat: 31.23 }))).toBe(true);
    expect(marker().getLatLng().equals(L.latLng(31.23, 121.47))).toBe(false);
    layer.remove();
  });
});
