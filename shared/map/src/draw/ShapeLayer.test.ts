import * as L from 'leaflet';
import { createPttMap, type PttMapHandle } from '../pttMap';
import { ShapeLayer } from './ShapeLayer';
import { convertShape, shapeOf, type DrawnShape, type Drawing } from './shapes';

const square: DrawnShape = {
  type: 'polygon',
  points: [
    { lng: 121.4, lat: 31.2 },
    { lng: 121.5, lat: 31.2 },
    { lng: 121.5, lat: 31.3 },
  ],
};

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
  map.leaflet.remove();
  el.remove();
});

const polygons = () => {
  const found: L.Polygon[] = [];
  map.leaflet.eachLayer((l) => {
    if (l instanceof L.Polygon) found.push(l);
  });
  return found;
};

describe('shapes', () => {
  it('wraps longitudes past the 180th meridian, so a drawing across it is seen as crossing it', () => {
    const across = L.polygon([
      [10, 179],
      [10, 181],
      [11, 181],
    ]);
    const shape = shapeOf(across);
    expect(shape).toEqual({ type: 'polygon', points: [{ lng: 179, lat: 10 }, { lng: -179, lat: 10 }, { lng: -179, lat: 11 }] });
  });

  it('converts a shape between WGS-84 and GCJ-02 and back within a metre; a circle keeps its radius', () => {
    const gcj = convertShape(square, 'wgs84', 'gcj02');
    expect(gcj.type === 'polygon' && gcj.points[0]!.lng).not.toBeCloseTo(121.4, 4);
    const back = convertShape(gcj, 'gcj02', 'wgs84');
    expect(back.type === 'polygon' && back.points[0]!.lng).toBeCloseTo(121.4, 5);
    const circle = convertShape({ type: 'circle', center: { lng: 121.4, lat: 31.2 }, radius: 300 }, 'wgs84', 'gcj02');
    expect(circle).toMatchObject({ type: 'circle', radius: 300 });
  });
});

describe('ShapeLayer', () => {
  it('shows a stored shape on GCJ-02 tiles in their system and reads it back as drawn there', () => {
    map.setCoord('gcj02');
    const layer = new ShapeLayer(map, { editable: true });
    layer.show(square);
    const drawn = layer.current() as Drawing;
    expect(drawn.coord).toBe('gcj02');
    expect(drawn.shape).toEqual(convertShape(square, 'wgs84', 'gcj02'));
    layer.destroy();
    expect(polygons()).toHaveLength(0);
  });

  it('moves the shape with the tiles when they change system', () => {
    const layer = new ShapeLayer(map);
    layer.show(square);
    map.setCoord('gcj02');
    expect(layer.current()).toEqual({ coord: 'gcj02', shape: convertShape(square, 'wgs84', 'gcj02') });
    expect(polygons()).toHaveLength(1);
  });

  it('takes a drawn polygon as the fence, replacing the one shown, and reports edits and clearing', () => {
    const onChange = jest.fn<void, [Drawing | null]>();
    const onDrawMode = jest.fn();
    const layer = new ShapeLayer(map, { editable: true, onChange, onDrawMode });
    layer.show(square);
    layer.draw('polygon');
    expect(onDrawMode).toHaveBeenLastCalledWith('polygon');
    const made = L.polygon([
      [30, 120],
      [30, 120.1],
      [30.1, 120.1],
    ]).addTo(map.leaflet);
    map.leaflet.fire('pm:create', { layer: made, shape: 'Polygon' });
    map.leaflet.fire('pm:drawend', { shape: 'Polygon' });
    expect(onDrawMode).toHaveBeenLastCalledWith(null);
    expect(onChange).toHaveBeenLastCalledWith({ coord: 'wgs84', shape: { type: 'polygon', points: [{ lng: 120, lat: 30 }, { lng: 120.1, lat: 30 }, { lng: 120.1, lat: 30.1 }] } });
    expect(polygons()).toEqual([made]);

    made.setLatLngs([
      [30, 120],
      [30, 120.2],
      [30.1, 120.1],
    ]);
    made.fire('pm:edit', { layer: made, shape: 'Polygon' });
    const edited = onChange.mock.lastCall as [Drawing];
    expect(edited[0].shape).toEqual({ type: 'polygon', points: [{ lng: 120, lat: 30 }, { lng: 120.2, lat: 30 }, { lng: 120.1, lat: 30.1 }] });

    layer.clear();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(layer.current()).toBeNull();
  });

  it('leaves draw mode on Escape', () => {
    const onDrawMode = jest.fn();
    const layer = new ShapeLayer(map, { editable: true, onDrawMode });
    layer.draw('circle');
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(false);
    expect(onDrawMode).toHaveBeenLastCalledWith(null);
  });

  it("names geoman's focusable handles (axe: buttons need a name)", async () => {
    const layer = new ShapeLayer(map, { editable: true, handleLabels: { point: 'Fence point', middle: 'Edge middle' } });
    layer.show(square);
    await new Promise((r) => setTimeout(r, 0));
    const handles = [...el.querySelectorAll('.marker-icon')];
    expect(handles.length).toBe(6);
    expect(handles.map((h) => h.getAttribute('aria-label')).sort()).toEqual(['Edge middle', 'Edge middle', 'Edge middle', 'Fence point', 'Fence point', 'Fence point']);
    layer.destroy();
  });

  it('a read-only layer draws nothing new', () => {
    const layer = new ShapeLayer(map);
    layer.draw('polygon');
    expect(map.leaflet.pm.globalDrawModeEnabled()).toBe(false);
  });
});
