// What changed between two paints of the member canvas, without a canvas: pure, so it is tested
// directly. A paint is a list of stamps (a sprite at a whole-pixel place); a member that moved
// less than a pixel, or a cluster rebuilt with the same count at the same place, changes nothing.

/** One sprite drawn at (x, y) (top-left, whole layer pixels), size x size. */
export interface Stamp {
  image: CanvasImageSource;
  /** Same key, same look (the sprite cache's key). */
  key: string;
  x: number;
  y: number;
  size: number;
}

/** [x0, x1) x [y0, y1) in layer pixels. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Grid {
  /** Layer pixels of the top-left tile's corner. */
  x: number;
  y: number;
  cols: number;
  rows: number;
  tilePx: number;
}

const id = (s: Stamp) => `${s.key}|${s.x}|${s.y}`;
const box = (s: Stamp): Rect => ({ x0: s.x, y0: s.y, x1: s.x + s.size, y1: s.y + s.size });

/**
 * The boxes of the stamps that appeared or disappeared (as a multiset: two members on one
 * spot are two stamps). Order is not compared: a stamp that stays keeps its pixels, and whatever
 * overlaps a changed box is redrawn in order with it.
 */
export function diffStamps(previous: readonly Stamp[], next: readonly Stamp[]): Rect[] {
  const count = new Map<string, number>();
  for (const s of previous) {
    const k = id(s);
    count.set(k, (count.get(k) ?? 0) - 1);
  }
  for (const s of next) {
    const k = id(s);
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  const out: Rect[] = [];
  const seen = new Set<string>();
  for (const s of [...previous, ...next]) {
    const k = id(s);
    if (count.get(k) === 0 || seen.has(k)) continue;
    seen.add(k);
    out.push(box(s));
  }
  return out;
}

/**
 * Per tile (row by row), the rectangle to repaint: the bounding box of the changed boxes that
 * touch it, clipped to the tile, or the whole tile where `whole` says so; null where nothing changed.
 */
export function tileRects(whole: readonly (Rect | null)[], changed: readonly Rect[], grid: Grid): (Rect | null)[] {
  const rects: (Rect | null)[] = whole.map((r) => (r ? { ...r } : null));
  const full = new Set<number>();
  whole.forEach((r, i) => {
    if (r) full.add(i);
  });
  for (const c of changed) {
    const [c0, c1, r0, r1] = span(c, grid);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const i = row * grid.cols + col;
        if (full.has(i)) continue;
        const tx = grid.x + col * grid.tilePx;
        const ty = grid.y + row * grid.tilePx;
        const clipped = { x0: Math.max(c.x0, tx), y0: Math.max(c.y0, ty), x1: Math.min(c.x1, tx + grid.tilePx), y1: Math.min(c.y1, ty + grid.tilePx) };
        const r = rects[i];
        rects[i] = r
          ? { x0: Math.min(r.x0, clipped.x0), y0: Math.min(r.y0, clipped.y0), x1: Math.max(r.x1, clipped.x1), y1: Math.max(r.y1, clipped.y1) }
          : clipped;
      }
    }
  }
  return rects;
}

/** The stamps (indices, in order) that touch each tile that has a rectangle to repaint. */
export function stampsByTile(stamps: readonly Stamp[], rects: readonly (Rect | null)[], grid: Grid): Map<number, number[]> {
  const out = new Map<number, number[]>();
  stamps.forEach((s, index) => {
    const [c0, c1, r0, r1] = span(box(s), grid);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const i = row * grid.cols + col;
        const r = rects[i];
        if (!r || s.x >= r.x1 || s.y >= r.y1 || s.x + s.size <= r.x0 || s.y + s.size <= r.y0) continue;
        const list = out.get(i);
        if (list) list.push(index);
        else out.set(i, [index]);
      }
    }
  });
  return out;
}

/** The tiles (indices, row by row) that some stamp touches: the others show nothing. */
export function occupiedTiles(stamps: readonly Stamp[], grid: Grid): Set<number> {
  const out = new Set<number>();
  for (const s of stamps) {
    const [c0, c1, r0, r1] = span(box(s), grid);
    for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) out.add(row * grid.cols + col);
  }
  return out;
}

/** First and last column and row of the tiles a box touches, inside the grid. */
function span(r: Rect, grid: Grid): [number, number, number, number] {
  const col = (x: number) => Math.floor((x - grid.x) / grid.tilePx);
  const row = (y: number) => Math.floor((y - grid.y) / grid.tilePx);
  // x1 and y1 are exclusive: a box ending on a tile's edge does not touch the next tile.
  return [Math.max(0, col(r.x0)), Math.min(grid.cols - 1, col(r.x1 - 1e-9)), Math.max(0, row(r.y0)), Math.min(grid.rows - 1, row(r.y1 - 1e-9))];
}
