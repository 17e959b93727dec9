import * as L from 'leaflet';
import type { MemberMarker, PositionPoint, PttMap } from '@ptt/map';
import { TALK_TICK_MS, TalkerMarkers } from './talkerMarkers';
import type { MapTalker } from './talkers';

// A real Leaflet map in jsdom: the markers are DOM, so what a user and the e2e meet is here.
const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);
let el: HTMLDivElement;
let map: PttMap;
let now = T0;
const positions = new Map<number, PositionPoint>();
const members = new Map<number, MemberMarker>([
  [5, { uid: 5, name: 'Member One', status: 'busy' }],
  [6, { uid: 6, name: 'Member Two', status: 'online' }],
]);
const onSelect = jest.fn();
const label = jest.fn((t: MapTalker, seconds: number) => `Talking in ${t.channels.join(', ')} · ${seconds} s`);

beforeEach(() => {
  jest.useFakeTimers();
  now = T0;
  positions.clear();
  positions.set(5, { uid: 5, lng: 116.39, lat: 39.9, time: T0 });
  positions.set(6, { uid: 6, lng: 116.4, lat: 39.91, time: T0 });
  label.mockClear();
  onSelect.mockClear();
  el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: 800 });
  Object.defineProperty(el, 'clientHeight', { value: 600 });
  document.body.append(el);
  const leaflet = L.map(el, { center: [39.9, 116.39], zoom: 12, zoomAnimation: false, fadeAnimation: false });
  map = {
    leaflet,
    coord: 'wgs84',
    toLatLng: (p) => L.latLng(p.lat, p.lng),
    fromLatLng: (ll) => ({ lng: ll.lng, lat: ll.lat }),
    focus: () => undefined,
  };
});
afterEach(() => {
  map.leaflet.remove();
  el.remove();
  jest.useRealTimers();
});

function create() {
  return new TalkerMarkers(map, {
    positionOf: (uid) => positions.get(uid),
    memberOf: (uid) => members.get(uid),
    label,
    onSelect,
    now: () => now,
  });
}
const talker = (uid: number, channels: string[], since: number | null = T0): MapTalker => ({ uid, nickname: `nick${uid}`, channels, since });
const talkers = () => [...el.querySelectorAll<HTMLElement>('[data-testid="map-talker"]')];
const labels = () => [...el.querySelectorAll('.ptt-talker-label')].map((l) => l.textContent);
// The clock moves with the timers, a tick at a time.
const advance = (ms: number) => {
  for (let done = 0; done < ms; done += TALK_TICK_MS) {
    now += TALK_TICK_MS;
    jest.advanceTimersByTime(TALK_TICK_MS);
  }
};

describe('TalkerMarkers', () => {
  it('draws a talker with a halo and a label whose seconds tick, and takes it away when the floor is free', () => {
    const markers = create();
    now = T0 + 3_400;
    markers.set([talker(5, ['General'])]);
    const [marker] = talkers();
    expect(talkers()).toHaveLength(1);
    expect(marker).toHaveAttribute('data-uid', '5');
    expect(marker).toHaveAttribute('role', 'img');
    expect(marker).toHaveAttribute('aria-label', 'Member One: Talking in General · 3 s');
    // The dot keeps the member's status colour (busy red); the halo is the talking purple.
    expect(marker!.style.background).toBe('rgb(209, 52, 56)');
    expect(marker!.style.boxShadow).toContain('#8764b8');
    expect(labels()).toEqual(['Talking in General · 3 s']);

    advance(9_000);
    expect(labels()).toEqual(['Talking in General · 12 s']);
    expect(marker).toHaveAttribute('data-seconds', '12');

    marker!.click();
    expect(onSelect).toHaveBeenCalledWith(5);

    markers.set([]);
    expect(talkers()).toHaveLength(0);
    expect(labels()).toEqual([]);
    // Nobody talks: no timer runs.
    expect(jest.getTimerCount()).toBe(0);
    markers.remove();
  });

  it('rewrites a label only when its text changes, and only the talkers’', () => {
    const markers = create();
    markers.set([talker(5, ['General']), talker(6, ['Security'], T0 + 500)]);
    const writes = jest.spyOn(L.Marker.prototype, 'setTooltipContent');
    // Four ticks a second, but each label changes once a second: 0 -> 1 -> 2 s and 0 -> 1 s.
    advance(2_000);
    expect(label.mock.calls.length).toBeGreaterThanOrEqual(2 * (2_000 / TALK_TICK_MS));
    expect(writes).toHaveBeenCalledTimes(3);
    expect(labels()).toEqual(['Talking in General · 2 s', 'Talking in Security · 1 s']);
    writes.mockRestore();
    markers.remove();
  });

  it('shows a channel name with markup as text: no element of it is made', () => {
    const markers = create();
    const hostile = '<img src=/xss-probe/talker onerror=alert(1)>';
    markers.set([talker(5, [hostile])]);
    expect(labels()).toEqual([`Talking in ${hostile} · 0 s`]);
    expect(el.querySelector('img[src*="xss-probe"]')).toBeNull();
    expect(el.querySelector('.ptt-talker-label img')).toBeNull();
    markers.remove();
  });

  it('waits for a position, follows the talker as they move, and counts from first sight without a grant time', () => {
    positions.delete(5);
    const markers = create();
    markers.set([talker(5, ['General'], null)]);
    expect(talkers()).toHaveLength(0);

    advance(2_000);
    positions.set(5, { uid: 5, lng: 116.39, lat: 39.9, time: now });
    markers.move([positions.get(5)!]);
    expect(talkers()).toHaveLength(1);
    expect(labels()).toEqual(['Talking in General · 2 s']);
    const before = map.leaflet.latLngToLayerPoint(L.latLng(39.9, 116.39));

    positions.set(5, { uid: 5, lng: 116.45, lat: 39.95, time: now });
    markers.move([positions.get(5)!]);
    const marker = talkers()[0]!;
    const after = map.leaflet.latLngToLayerPoint(L.latLng(39.95, 116.45));
    // Leaflet places markers with left/top where there is no 3D transform (jsdom).
    const place = `${marker.style.transform}|${marker.style.left},${marker.style.top}`;
    expect(place).toContain(String(Math.round(after.x)));
    expect(place).not.toContain(`${Math.round(before.x)}px`);

    // The same talk again (a floor frame repeating it) keeps its count.
    advance(1_000);
    markers.set([talker(5, ['General'], null)]);
    expect(labels()).toEqual(['Talking in General · 3 s']);
    markers.remove();
    expect(talkers()).toHaveLength(0);
  });
});
