import { diffStamps, occupiedTiles, stampsByTile, tileRects, type Grid, type Stamp } from './stamps';

const image = {} as CanvasImageSource;
const stamp = (key: string, x: number, y: number, size = 16): Stamp => ({ image, key, x, y, size });
// Two by two tiles of 100 px, the grid's corner at layer pixel (-50, -50).
const grid: Grid = { x: -50, y: -50, cols: 2, rows: 2, tilePx: 100 };

describe('diffStamps', () => {
  it('finds nothing when the same stamps are drawn again, in any order', () => {
    const a = [stamp('m|green', 0, 0), stamp('c|12', 40, 40, 36)];
    expect(diffStamps(a, [...a].reverse())).toEqual([]);
  });

  it('gives the old and the new box of a stamp that moved, and the box of one that appeared or went', () => {
    const before = [stamp('m|green', 0, 0), stamp('m|red', 30, 30)];
    const after = [stamp('m|green', 3, 0), stamp('c|2', 60, 60, 36)];
    expect(diffStamps(before, after)).toEqual([
      { x0: 0, y0: 0, x1: 16, y1: 16 },
      { x0: 30, y0: 30, x1: 46, y1: 46 },
      { x0: 3, y0: 0, x1: 19, y1: 16 },
      { x0: 60, y0: 60, x1: 96, y1: 96 },
    ]);
  });

  it('counts two members on one spot as two stamps', () => {
    const one = [stamp('m|green', 5, 5)];
    expect(diffStamps(one, [...one, stamp('m|green', 5, 5)])).toEqual([{ x0: 5, y0: 5, x1: 21, y1: 21 }]);
  });

  it('sees a change of look at the same place', () => {
    expect(diffStamps([stamp('m|green', 5, 5)], [stamp('m|green-stale', 5, 5)])).toHaveLength(2);
  });
});

describe('tileRects', () => {
  it('repaints only the tiles a change touches, each within its own bounds', () => {
    // A box across the line between the two top tiles (x = 50).
    const rects = tileRects([null, null, null, null], [{ x0: 40, y0: 0, x1: 60, y1: 10 }], grid);
    expect(rects).toEqual([{ x0: 40, y0: 0, x1: 50, y1: 10 }, { x0: 50, y0: 0, x1: 60, y1: 10 }, null, null]);
  });

  it('joins the changes in one tile into their bounding box, and keeps a whole tile whole', () => {
    const whole = { x0: -50, y0: 50, x1: 50, y1: 150 };
    const rects = tileRects(
      [null, null, whole, null],
      [{ x0: -40, y0: -40, x1: -30, y1: -30 }, { x0: 0, y0: 10, x1: 10, y1: 20 }, { x0: 0, y0: 60, x1: 10, y1: 70 }],
      grid,
    );
    expect(rects).toEqual([{ x0: -40, y0: -40, x1: 10, y1: 20 }, null, whole, null]);
  });

  it('ignores a box ending exactly on a tile edge for the next tile, and changes outside the grid', () => {
    expect(tileRects([null, null, null, null], [{ x0: 30, y0: 0, x1: 50, y1: 10 }, { x0: 500, y0: 500, x1: 510, y1: 510 }], grid)).toEqual([
      { x0: 30, y0: 0, x1: 50, y1: 10 },
      null,
      null,
      null,
    ]);
  });
});

describe('stampsByTile', () => {
  it('lists, in drawing order, the stamps touching each rectangle to repaint', () => {
    const stamps = [stamp('m|a', 0, 0), stamp('m|b', 45, 0), stamp('m|c', -45, 60), stamp('c|9', 2, 2, 36)];
    const rects = [{ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 50, y0: 0, x1: 60, y1: 10 }, null, null];
    const byTile = stampsByTile(stamps, rects, grid);
    expect(byTile.get(0)).toEqual([0, 3]);
    expect(byTile.get(1)).toEqual([1]);
    expect(byTile.has(2)).toBe(false);
  });
});

describe('occupiedTiles', () => {
  it('lists every tile a stamp touches, and none that only an empty area covers', () => {
    // (0, 0) is inside tile 0; (40, 40) with size 16 reaches over the corner at (50, 50) into all four.
    expect([...occupiedTiles([stamp('m', -40, -40)], grid)]).toEqual([0]);
    expect([...occupiedTiles([stamp('m', 40, 40)], grid)].sort()).toEqual([0, 1, 2, 3]);
    expect([...occupiedTiles([stamp('m', 60, -45)], grid)]).toEqual([1]);
    expect(occupiedTiles([], grid).size).toBe(0);
  });
});
