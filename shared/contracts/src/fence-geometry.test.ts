import { crossesAntimeridian, distanceMeters, isSimplePolygon, normalizeRing, onPolygonBorder, pointInPolygon, pointInShape } from './fence-geometry';
import { createFenceSchema } from './rest/fences';

const square = [
  { lng: 0, lat: 0 },
  { lng: 1, lat: 0 },
  { lng: 1, lat: 1 },
  { lng: 0, lat: 1 },
];

describe('fence geometry', () => {
  it('measures great-circle distances', () => {
    expect(distanceMeters({ lng: 0, lat: 0 }, { lng: 0, lat: 1 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ lng: 116.4, lat: 39.9 }, { lng: 116.4, lat: 39.9 })).toBe(0);
  });

  it('drops repeated and closing points', () => {
    expect(normalizeRing([...square, square[0]!])).toEqual(square);
    expect(normalizeRing([square[0]!, square[0]!, ...square.slice(1)])).toEqual(square);
  });

  it('accepts simple polygons and refuses crossing, folded or flat ones', () => {
    expect(isSimplePolygon(square)).toBe(true);
    expect(isSimplePolygon([{ lng: 0, lat: 0 }, { lng: 2, lat: 0 }, { lng: 1, lat: 1 }, { lng: 1, lat: 3 }, { lng: 0.5, lat: 1 }])).toBe(true); // concave
    expect(isSimplePolygon([{ lng: 0, lat: 0 }, { lng: 1, lat: 1 }, { lng: 1, lat: 0 }, { lng: 0, lat: 1 }])).toBe(false); // bow tie
    expect(isSimplePolygon([{ lng: 0, lat: 0 }, { lng: 1, lat: 0 }, { lng: 2, lat: 0 }])).toBe(false); // no area
    expect(isSimplePolygon([{ lng: 0, lat: 0 }, { lng: 2, lat: 0 }, { lng: 1, lat: 0 }, { lng: 1, lat: 1 }])).toBe(false); // folds back
    expect(isSimplePolygon([{ lng: 0, lat: 0 }, { lng: 2, lat: 0 }, { lng: 2, lat: 2 }, { lng: 1, lat: 0 }, { lng: 0, lat: 2 }])).toBe(false); // touches an edge
    expect(isSimplePolygon(square.slice(0, 2))).toBe(false);
  });

  it('tells inside from outside for polygons and circles', () => {
    expect(pointInPolygon({ lng: 0.5, lat: 0.5 }, square)).toBe(true);
    expect(pointInPolygon({ lng: 1.5, lat: 0.5 }, square)).toBe(false);
    const concave = [{ lng: 0, lat: 0 }, { lng: 2, lat: 0 }, { lng: 2, lat: 2 }, { lng: 1, lat: 1 }, { lng: 0, lat: 2 }];
    expect(pointInPolygon({ lng: 1, lat: 1.5 }, concave)).toBe(false);
    expect(pointInPolygon({ lng: 1, lat: 0.5 }, concave)).toBe(true);
    const circle = { type: 'circle' as const, center: { lng: 116.4, lat: 39.9 }, radius: 100 };
    expect(pointInShape({ lng: 116.4005, lat: 39.9 }, circle)).toBe(true); // ~43 m
    expect(pointInShape({ lng: 116.402, lat: 39.9 }, circle)).toBe(false); // ~171 m
  });

  it('counts the border of a polygon as inside, on every edge and corner', () => {
    const polygon = { type: 'polygon' as const, points: square };
    for (const p of [{ lng: 0, lat: 0.5 }, { lng: 1, lat: 0.5 }, { lng: 0.5, lat: 0 }, { lng: 0.5, lat: 1 }, { lng: 1, lat: 1 }, { lng: 0, lat: 0 }]) {
      expect([p, pointInShape(p, polygon), onPolygonBorder(p, square)]).toEqual([p, true, true]);
    }
    expect(onPolygonBorder({ lng: 0.5, lat: 0.5 }, square)).toBe(false);
    expect(onPolygonBorder({ lng: 1.5, lat: 1 }, square)).toBe(false); // on the edge's line, past its end
    expect(pointInShape({ lng: 1.000001, lat: 0.5 }, polygon)).toBe(false);
  });

  it('reports the fence messages for bad drawings', () => {
    const messages = (shape: unknown) => createFenceSchema.safeParse({ name: 'A', rule: 'leave', shape }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ type: 'polygon', points: square })).toEqual([]);
    expect(messages(undefined)).toEqual(['validation.fenceDrawIncorrect']);
    expect(messages({ type: 'hexagon' })).toEqual(['validation.fenceDrawIncorrect']);
    expect(messages({ type: 'polygon', points: [...square.slice(0, 2), { lng: 0, lat: 0 }] })).toEqual(['validation.fenceDrawIncorrect']);
    expect(messages({ type: 'circle', center: { lng: 0, lat: 0 }, radius: 0 })).toEqual(['validation.fenceRangeInvalid']);
    expect(messages({ type: 'circle', center: { lng: -181, lat: 0 }, radius: 5 })).toEqual(['validation.fenceRangeInvalid']);
  });

  it('refuses a fence across the 180th meridian or over a pole with its own message', () => {
    const messages = (shape: unknown) => createFenceSchema.safeParse({ name: 'A', rule: 'leave', shape }).error?.issues.map((i) => i.message) ?? [];
    const across = [{ lng: 179.9, lat: -17 }, { lng: -179.9, lat: -17 }, { lng: -179.9, lat: -16.9 }, { lng: 179.9, lat: -16.9 }];
    expect(messages({ type: 'polygon', points: across })).toEqual(['validation.fenceCrossesMeridian']);
    expect(messages({ type: 'polygon', points: across.map((p) => ({ ...p, lng: p.lng > 0 ? 179.8 : 179.9 })) })).toEqual([]);
    expect(messages({ type: 'circle', center: { lng: 179.999, lat: 0 }, radius: 500 })).toEqual(['validation.fenceCrossesMeridian']);
    expect(messages({ type: 'circle', center: { lng: 179.99, lat: 0 }, radius: 500 })).toEqual([]);
    expect(messages({ type: 'circle', center: { lng: 0, lat: 89.999 }, radius: 500 })).toEqual(['validation.fenceCrossesMeridian']);
    expect(crossesAntimeridian({ type: 'circle', center: { lng: 116.4, lat: 39.9 }, radius: 100_000 })).toBe(false);
  });
});
