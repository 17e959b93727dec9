import * as L from 'leaflet';
import { distanceMeters } from '@ptt/contracts';
import { inArea, type Area } from './area';
import { toDisplay } from './coords';
import { createPttMap } from './pttMap';
import { selectArea } from './selectArea';

const CENTER = { lng: 121.47, lat: 31.23 };

describe('inArea', () => {
  it('counts a circle by metres on the ground, border included', () => {
    const area: Area = { kind: 'circle', center: CENTER, radiusM: 1000 };
    expect(inArea({ lng: 121.47, lat: 31.238 }, area)).toBe(true); // ~890 m north
    expect(inArea({ lng: 121.47, lat: 31.24 }, area)).toBe(false); // ~1110 m north
  });

  it('counts a polygon by its outline', () => {
    const area: Area = { kind: 'polygon', points: [{ lng: 0, lat: 0 }, { lng: 2, lat: 0 }, { lng: 2, lat: 2 }, { lng: 1, lat: 1 }, { lng: 0, lat: 2 }] };
    expect(inArea({ lng: 0.5, lat: 0.5 }, area)).toBe(true);
    expect(inArea({ lng: 1, lat: 1.5 }, area)).toBe(false); // in the notch
    expect(inArea({ lng: 3, lat: 1 }, area)).toBe(false);
  });
});

describe('selectArea', () => {
  let el: HTMLDivElement;
  beforeEach(() => {
    el = document.createElement('div');
    document.body.append(el);
  });
  afterEach(() => el.remove());

  // geoman's drawing itself needs real pointer geometry; here its 'pm:create' stands for a
  // finished drawing, and we check what selectArea makes of it.
  it('turns a circle drawn on GCJ-02 tiles back into WGS-84 and removes the drawing', async () => {
    const map = createPttMap(L.map(el, { center: [31.23, 121.47], zoom: 13 }), 'gcj02');
    const picked = selectArea(map, 'circle');
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(true);
    const [lng, lat] = toDisplay(CENTER, 'gcj02');
    const drawn = L.circle([lat, lng], { radius: 500 }).addTo(map.leaflet);
    map.leaflet.fire('pm:create', { layer: drawn, shape: 'Circle' });
    const area = await picked;
    expect(area?.kind).toBe('circle');
    if (area?.kind !== 'circle') return;
    expect(distanceMeters(area.center, CENTER)).toBeLessThan(1);
    expect(area.radiusM).toBe(500);
    expect(map.leaflet.hasLayer(drawn)).toBe(false);
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(false);
    map.leaflet.remove();
  });

  it('returns a polygon in WGS-84', async () => {
    const map = createPttMap(L.map(el, { center: [31.23, 121.47], zoom: 13 }), 'gcj02');
    const picked = selectArea(map, 'polygon');
    const ring = [CENTER, { lng: 121.48, lat: 31.23 }, { lng: 121.48, lat: 31.24 }];
    map.leaflet.fire('pm:create', { layer: L.polygon(ring.map((p) => map.toLatLng(p))), shape: 'Polygon' });
    const area = await picked;
    expect(area?.kind).toBe('polygon');
    if (area?.kind !== 'polygon') return;
    area.points.forEach((p, i) => expect(distanceMeters(p, ring[i]!)).toBeLessThan(1));
    map.leaflet.remove();
  });

  it('resolves null on Escape, and when another selection starts', async () => {
    const map = createPttMap(L.map(el, { center: [31.23, 121.47], zoom: 13 }), 'wgs84');
    const first = selectArea(map, 'polygon');
    const second = selectArea(map, 'circle');
    await expect(first).resolves.toBeNull();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await expect(second).resolves.toBeNull();
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(false);
    map.leaflet.remove();
  });
});
