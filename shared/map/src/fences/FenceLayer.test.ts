import * as L from 'leaflet';
import i18next from 'i18next';
import { distanceMeters } from '@ptt/contracts';
import { initI18n } from '@ptt/ui';
import { createPttMap, type PttMapHandle } from '../pttMap';
import { FenceLayer } from './FenceLayer';
import { FENCE_COLORS } from './style';
import type { FenceDrawing } from './types';

const YARD: FenceDrawing = {
  id: 1,
  name: 'Restricted yard',
  rule: 'stay',
  shape: {
    type: 'polygon',
    points: [
      { lng: 116.39, lat: 39.9 },
      { lng: 116.4, lat: 39.9 },
      { lng: 116.4, lat: 39.91 },
    ],
  },
};
const AREA: FenceDrawing = { id: 2, name: 'Operations area', rule: 'leave', shape: { type: 'circle', center: { lng: 116.397, lat: 39.909 }, radius: 2600 } };

let el: HTMLDivElement;
let map: PttMapHandle;

beforeAll(() => initI18n({ storage: window.localStorage }));
beforeEach(() => {
  el = document.createElement('div');
  document.body.append(el);
  map = createPttMap(L.map(el, { preferCanvas: true, center: [39.905, 116.395], zoom: 13 }), 'wgs84');
});
afterEach(() => {
  map.leaflet.remove();
  el.remove();
});

const pathOf = (id: number) => el.querySelector<SVGPathElement>(`path[data-fence-id="${id}"]`);
const labelOf = (id: number) => el.querySelector<HTMLElement>(`.leaflet-tooltip span[data-fence-id="${id}"]`);

describe('FenceLayer', () => {
  it('draws polygons and circles in their own pane, coloured by rule, named on hover only', () => {
    const layer = new FenceLayer().addTo(map);
    layer.setFences([YARD, AREA]);
    const yard = pathOf(1)!;
    const area = pathOf(2)!;
    expect(yard.closest('.leaflet-pttFences-pane')).not.toBeNull();
    expect(yard.getAttribute('data-rule')).toBe('stay');
    expect(yard.getAttribute('stroke')).toBe(FENCE_COLORS.stay);
    expect(area.getAttribute('stroke')).toBe(FENCE_COLORS.leave);
    // 'leave' is dashed too, so the rule does not rest on colour alone.
    expect(area.getAttribute('stroke-dasharray')).toBe('8 6');
    expect(yard.hasAttribute('stroke-dasharray')).toBe(false);
    expect(labelOf(1)).toBeNull();
    layer.remove();
    expect(pathOf(1)).toBeNull();
  });

  it('highlights one fence: bolder, in front, its name kept shown as text', () => {
    const layer = new FenceLayer().addTo(map);
    const odd: FenceDrawing = { ...YARD, name: '<b>Yard</b>' };
    layer.setFences([odd, AREA]);
    layer.setHighlight(1);
    expect(pathOf(1)!.getAttribute('stroke-width')).toBe('4');
    expect(pathOf(1)!.hasAttribute('data-highlighted')).toBe(true);
    expect(pathOf(2)!.getAttribute('stroke-width')).toBe('2');
    expect(pathOf(1)!.parentElement!.lastElementChild).toBe(pathOf(1));
    expect(labelOf(1)!.textContent).toBe('<b>Yard</b> (alert on entering)');
    expect(labelOf(1)!.querySelector('b')).toBeNull();

    layer.setHighlight(2);
    expect(pathOf(1)!.getAttribute('stroke-width')).toBe('2');
    expect(labelOf(1)).toBeNull();
    expect(labelOf(2)!.textContent).toBe('Operations area (alert on leaving)');
    layer.remove();
  });

  it('keeps unchanged fences, redraws a changed one and drops a deleted one', () => {
    const layer = new FenceLayer().addTo(map);
    layer.setFences([YARD, AREA]);
    const yard = pathOf(1);
    const area = pathOf(2);
    layer.setFences([{ ...YARD }, { ...AREA, shape: { ...AREA.shape, radius: 1000 } as FenceDrawing['shape'] }]);
    expect(pathOf(1)).toBe(yard);
    expect(pathOf(2)).not.toBe(area);
    layer.setFences([AREA]);
    expect(pathOf(1)).toBeNull();
    expect(el.querySelectorAll('path[data-fence-id]')).toHaveLength(1);
    layer.remove();
  });

  it('converts WGS-84 shapes for GCJ-02 tiles and draws them again when the tiles change system', () => {
    const layer = new FenceLayer().addTo(map);
    layer.setFences([YARD]);
    const wgs = layer.bounds(1)!;
    expect(wgs.getSouthWest().lng).toBeCloseTo(116.39, 6);
    map.setCoord('gcj02');
    const gcj = layer.bounds(1)!;
    // The same real corner, shifted on screen by the few hundred metres GCJ-02 is known for.
    const shift = distanceMeters({ lng: wgs.getSouthWest().lng, lat: wgs.getSouthWest().lat }, { lng: gcj.getSouthWest().lng, lat: gcj.getSouthWest().lat });
    expect(shift).toBeGreaterThan(100);
    expect(shift).toBeLessThan(1000);
    expect(distanceMeters(map.fromLatLng(gcj.getSouthWest()), { lng: 116.39, lat: 39.9 })).toBeLessThan(1);
    expect(el.querySelectorAll('path[data-fence-id]')).toHaveLength(1);
    layer.remove();
  });

  it('keeps a circle its radius in metres on GCJ-02 tiles', () => {
    map.setCoord('gcj02');
    const layer = new FenceLayer().addTo(map);
    layer.setFences([AREA]);
    const b = layer.bounds(2)!;
    const centre = map.fromLatLng(b.getCenter());
    expect(distanceMeters(centre, { lng: 116.397, lat: 39.909 })).toBeLessThan(5);
    const northEdge = map.fromLatLng(L.latLng(b.getNorth(), b.getCenter().lng));
    expect(distanceMeters(centre, northEdge)).toBeCloseTo(2600, -1);
    layer.remove();
  });

  it("shows every name with labels 'always', greys stopped fences, and follows the language", async () => {
    const layer = new FenceLayer({ labels: 'always' }).addTo(map);
    layer.setFences([{ ...YARD, enabled: false }, AREA]);
    expect(pathOf(1)!.getAttribute('stroke')).toBe('#8a8886');
    expect(labelOf(1)!.textContent).toBe('Restricted yard (alert on entering, stopped)');
    expect(labelOf(2)!.textContent).toBe('Operations area (alert on leaving)');
    await i18next.changeLanguage('zh');
    expect(labelOf(2)!.textContent).toBe('Operations area（离开告警）');
    await i18next.changeLanguage('en');
    layer.remove();
  });

  it('frames the highlighted fence, else all of them', () => {
    const layer = new FenceLayer().addTo(map);
    layer.setFences([YARD, AREA]);
    const fitBounds = jest.spyOn(map.leaflet, 'fitBounds');
    layer.fit();
    expect(fitBounds.mock.calls[0]![0]).toEqual(layer.bounds());
    layer.setHighlight(1);
    layer.fit();
    expect(fitBounds.mock.calls[1]![0]).toEqual(layer.bounds(1));
    expect(layer.bounds(99)).toBeNull();
    layer.remove();
  });
});
