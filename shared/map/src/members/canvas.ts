import * as L from 'leaflet';
import { diffStamps, occupiedTiles, stampsByTile, tileRects, type Rect, type Stamp } from './stamps';

/** The pane of the member layer: above vector overlays (400), below markers (600) and popups. */
export const MEMBER_PANE = 'pttMembers';
/** Side of one canvas tile, in CSS pixels. */
export const TILE_PX = 256;

export interface MemberCanvas extends L.Layer {
  /**
   * Shows these stamps (drawn in order, later ones on top), repainting only the tiles, and in
   * them only the rectangles, where something changed. Returns the number of tiles repainted (0:
   * nothing changed on screen). Skipped during a zoom animation (zoomend repaints everything).
   */
  render(stamps: readonly Stamp[]): number;
}

interface Tile {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  /** Layer pixels of the tile's top-left corner and its size. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Freshly sized (empty): everything in it must be drawn. */
  fresh: boolean;
  /** Taken out of the page (display none) while no stamp touches it. */
  hidden: boolean;
}

interface MemberCanvasOptions extends L.RendererOptions {
  /** Asked for the stamps after every move and zoom (the tiles were emptied): calls render(). */
  paint: () => void;
  /** Canvas pixels per CSS pixel, before the screen's own device pixel ratio (1 = sharp). */
  resolution: number;
  /** Take tiles no stamp touches out of the page: the compositor then has nothing to produce for them. */
  hideEmpty: boolean;
  /** Scale a reduced-resolution canvas up by nearest pixel rather than smoothly (cheaper in software). */
  pixelated: boolean;
}

interface Internals {
  _map?: L.Map & { _animatingZoom?: boolean };
  _container?: HTMLDivElement;
  _bounds?: L.Bounds;
  _tiles: Tile[];
  _cols: number;
  _previous: readonly Stamp[];
  options: MemberCanvasOptions;
}

/** Canvas pixels per CSS pixel: the device's ratio (as Leaflet: 2 on any retina screen) times `resolution`. */
export function canvasScale(resolution: number): number {
  return (L.Browser.retina ? 2 : 1) * resolution;
}

/** A tile's side in CSS pixels: TILE_PX canvas pixels at resolution 1, so a lower resolution means
 *  fewer, larger tiles (each tile is an element the compositor handles on every update). */
export function tileSide(resolution: number): number {
  return Math.round(TILE_PX / resolution);
}

// Leaflet's Renderer places the container (padding around the view, the zoom animation, an
// update after every move); the container is a grid of canvas tiles rather than one canvas. Each
// tile is its own element, so the browser re-rasterises and composites only the tiles that were
// drawn into, and in those only what changed: a wall display's canvas is 12 million pixels.
const MemberCanvasClass = L.Renderer.extend({
  _initContainer(this: Internals) {
    const container = document.createElement('div');
    // Purely visual: clicks reach the map (and any layer below), and we hit-test them ourselves.
    container.style.pointerEvents = 'none';
    this._container = container;
    this._tiles = [];
    this._cols = 0;
    this._previous = [];
  },

  _destroyContainer(this: Internals) {
    this._container?.remove();
    delete this._container;
    this._tiles = [];
    this._previous = [];
  },

  _update(this: Internals) {
    const map = this._map;
    const container = this._container;
    if (!map || !container || (map._animatingZoom && this._bounds)) return;
    (L.Renderer.prototype as unknown as { _update(): void })._update.call(this);
    const min = this._bounds!.min!;
    const size = this._bounds!.getSize();
    const scale = canvasScale(this.options.resolution);
    const side = tileSide(this.options.resolution);
    L.DomUtil.setPosition(container, min);
    container.style.width = `${size.x}px`;
    container.style.height = `${size.y}px`;
    const cols = Math.ceil(size.x / side);
    const rows = Math.ceil(size.y / side);
    const tiles: Tile[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const reused = this._tiles[tiles.length];
        const canvas = reused?.canvas ?? document.createElement('canvas');
        const ctx = reused?.ctx ?? canvas.getContext('2d');
        if (!ctx) continue;
        const w = Math.min(side, size.x - c * side);
        const h = Math.min(side, size.y - r * side);
        // Setting the size empties the canvas, even when it is the same.
        canvas.width = Math.ceil(w * scale);
        canvas.height = Math.ceil(h * scale);
        const rendering = this.options.pixelated && scale < 1 ? ';image-rendering:pixelated' : '';
        canvas.style.cssText = `position:absolute;left:${c * side}px;top:${r * side}px;width:${w}px;height:${h}px${rendering}`;
        if (!reused) container.appendChild(canvas);
        tiles.push({ canvas, ctx, x: min.x + c * side, y: min.y + r * side, w, h, fresh: true, hidden: false });
      }
    }
    for (const extra of this._tiles.slice(tiles.length)) extra.canvas.remove();
    this._tiles = tiles;
    this._cols = cols;
    this._previous = [];
    this.options.paint();
  },

  render(this: Internals, stamps: readonly Stamp[]): number {
    const map = this._map;
    const min = this._bounds?.min;
    if (!map || !min || map._animatingZoom || this._tiles.length === 0) return 0;
    const scale = canvasScale(this.options.resolution);
    const dirty = diffStamps(this._previous, stamps);
    this._previous = stamps;
    const grid = { x: min.x, y: min.y, cols: this._cols, rows: this._tiles.length / this._cols, tilePx: tileSide(this.options.resolution) };
    const rects = tileRects(
      this._tiles.map((t) => (t.fresh ? { x0: t.x, y0: t.y, x1: t.x + t.w, y1: t.y + t.h } : null)),
      dirty,
      grid,
    ).map((r, i) => r && snap(r, this._tiles[i]!, scale));
    const byTile = stampsByTile(stamps, rects, grid);
    if (this.options.hideEmpty) showOccupied(this._tiles, occupiedTiles(stamps, grid));
    let repainted = 0;
    rects.forEach((rect, i) => {
      const tile = this._tiles[i];
      if (!rect || !tile) return;
      repaint(tile, rect, byTile.get(i) ?? [], stamps, scale);
      tile.fresh = false;
      repainted++;
    });
    return repainted;
  },
}) as unknown as new (options: MemberCanvasOptions) => MemberCanvas;

function showOccupied(tiles: Tile[], occupied: Set<number>): void {
  tiles.forEach((tile, i) => {
    const hide = !occupied.has(i);
    if (hide === tile.hidden) return;
    tile.hidden = hide;
    tile.canvas.style.display = hide ? 'none' : '';
  });
}

/** `rect` widened to whole canvas pixels (at a resolution below 1 a layer pixel is a fraction of one). */
function snap(rect: Rect, tile: Tile, scale: number): Rect {
  return {
    x0: tile.x + Math.floor((rect.x0 - tile.x) * scale) / scale,
    y0: tile.y + Math.floor((rect.y0 - tile.y) * scale) / scale,
    x1: tile.x + Math.ceil((rect.x1 - tile.x) * scale) / scale,
    y1: tile.y + Math.ceil((rect.y1 - tile.y) * scale) / scale,
  };
}

/** Clears `rect` (layer pixels) of one tile and draws the stamps that touch it (`which`, in order), clipped to it. */
function repaint(tile: Tile, rect: Rect, which: readonly number[], stamps: readonly Stamp[], scale: number): void {
  const { ctx } = tile;
  // In canvas pixels (whole ones: see snap).
  const cx0 = Math.max(0, Math.round((rect.x0 - tile.x) * scale));
  const cy0 = Math.max(0, Math.round((rect.y0 - tile.y) * scale));
  const cx1 = Math.min(tile.canvas.width, Math.round((rect.x1 - tile.x) * scale));
  const cy1 = Math.min(tile.canvas.height, Math.round((rect.y1 - tile.y) * scale));
  if (cx1 <= cx0 || cy1 <= cy0) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(cx0, cy0, cx1 - cx0, cy1 - cy0);
  ctx.beginPath();
  ctx.rect(cx0, cy0, cx1 - cx0, cy1 - cy0);
  ctx.clip();
  ctx.setTransform(scale, 0, 0, scale, -tile.x * scale, -tile.y * scale);
  for (const i of which) {
    const s = stamps[i]!;
    ctx.drawImage(s.image, s.x, s.y, s.size, s.size);
  }
  ctx.restore();
}

export interface MemberCanvasSetup {
  resolution?: number;
  padding?: number;
  hideEmpty?: boolean;
  pixelated?: boolean;
}

export function createMemberCanvas(map: L.Map, paint: () => void, { resolution = 1, padding = 0.1, hideEmpty = false, pixelated = false }: MemberCanvasSetup = {}): MemberCanvas {
  if (!map.getPane(MEMBER_PANE)) {
    const pane = map.createPane(MEMBER_PANE);
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
  }
  return new MemberCanvasClass({ pane: MEMBER_PANE, padding, paint, resolution, hideEmpty, pixelated });
}

let supported: boolean | undefined;
/** jsdom has no 2D canvas (and says so on the console): there the layer keeps only its DOM marker. */
export function canvasSupported(): boolean {
  if (supported === undefined) {
    supported = !/jsdom/i.test(navigator.userAgent) && !!document.createElement('canvas').getContext('2d');
  }
  return supported;
}
