import * as L from 'leaflet';
import { distanceMeters } from '@ptt/contracts';
import { fromDisplay, toDisplay } from './coords';
import { createPttMap } from './pttMap';
import { COORD_CHANGE_EVENT, type CoordChangeEvent } from './types';

const TIANANMEN = { lng: 116.391349, lat: 39.907375 };
const SHANGHAI = { lng: 121.4737, lat: 31.2304 };
const PARIS = { lng: 2.3522, lat: 48.8566 };

describe('WGS-84 <-> GCJ-02 at display time', () => {
  it('moves places in China by the few hundred metres GCJ-02 is known for', () => {
    for (const p of [TIANANMEN, SHANGHAI]) {
      const [lng, lat] = toDisplay(p, 'gcj02');
      const shift = distanceMeters(p, { lng, lat });
      expect(shift).toBeGreaterThan(100);
      expect(shift).toBeLessThan(1000);
    }
  });

  it('comes back to the same WGS-84 place within a metre', () => {
    for (const p of [TIANANMEN, SHANGHAI, { lng: 87.6, lat: 43.8 }, { lng: 113.26, lat: 23.13 }]) {
      const [lng, lat] = toDisplay(p, 'gcj02');
      expect(distanceMeters(p, fromDisplay(lng, lat, 'gcj02'))).toBeLessThan(1);
    }
  });

  it('leaves WGS-84 tiles and places outside China untouched', () => {
    expect(toDisplay(TIANANMEN, 'wgs84')).toEqual([TIANANMEN.lng, TIANANMEN.lat]);
    expect(toDisplay(PARIS, 'gcj02')).toEqual([PARIS.lng, PARIS.lat]);
  });
});

describe('PttMap', () => {
  let el: HTMLDivElement;
  beforeEach(() => {
    el = document.createElement('div');
    document.body.append(el);
  });
  afterEach(() => el.remove());

  it('converts through the current tiles, and a coordinate change keeps the same real place centred', () => {
    const leaflet = L.map(el, { center: [TIANANMEN.lat, TIANANMEN.lng], zoom: 12 });
    const map = createPttMap(leaflet, 'wgs84');
    expect(map.toLatLng(TIANANMEN).equals(L.latLng(TIANANMEN.lat, TIANANMEN.lng))).toBe(true);

    const events: CoordChangeEvent[] = [];
    leaflet.on(COORD_CHANGE_EVENT, (e) => events.push(e as CoordChangeEvent));
    map.setCoord('gcj02');
    expect(map.coord).toBe('gcj02');
    expect(events.map((e) => [e.previous, e.coord])).toEqual([['wgs84', 'gcj02']]);
    const [lng, lat] = toDisplay(TIANANMEN, 'gcj02');
    expect(leaflet.getCenter().distanceTo(L.latLng(lat, lng))).toBeLessThan(1);
    expect(distanceMeters(map.fromLatLng(leaflet.getCenter()), TIANANMEN)).toBeLessThan(1);

    map.setCoord('gcj02');
    expect(events).toHaveLength(1);
    leaflet.remove();
  });

  it('focus centres a WGS-84 place at street level at least', () => {
    const leaflet = L.map(el, { center: [0, 0], zoom: 3 });
    const map = createPttMap(leaflet, 'gcj02');
    map.focus(SHANGHAI);
    expect(leaflet.getZoom()).toBe(15);
    expect(distanceMeters(map.fromLatLng(leaflet.getCenter()), SHANGHAI)).toBeLessThan(1);
    map.focus(SHANGHAI, 9);
    expect(leaflet.getZoom()).toBe(9);
    leaflet.remove();
  });
});
