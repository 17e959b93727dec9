import '../leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import * as L from 'leaflet';
import { currentLocale } from '@ptt/ui';
import { COORD_CHANGE_EVENT, type CoordChangeEvent, type PttMap } from '../types';
import { SHAPE_STYLE, convertShape, layerOf, shapeOf, type DrawnShape, type Drawing } from './shapes';

export type ShapeKind = 'polygon' | 'circle';

export interface ShapeLayerOptions {
  /** Vertices can be moved, added and removed, and new shapes drawn (the fence editor). */
  editable?: boolean;
  /** After each change the user makes: a shape drawn, a vertex moved, the shape cleared. */
  onChange?: (drawing: Drawing | null) => void;
  /** The draw mode started (with its kind) or ended (null), to show it on the buttons. */
  onDrawMode?: (kind: ShapeKind | null) => void;
  style?: L.PathOptions;
  /**
   * Accessible names of geoman's handles, which Leaflet makes focusable buttons: a point of the
   * fence (a corner, a circle's centre or edge) and the middle of an edge (dragged, it adds a corner).
   */
  handleLabels?: { point: string; middle: string };
}

// The editing options of a drawn fence: corners stay corners (a polygon is never removed by
// taking away its vertices), and edges may not be dragged across each other.
const EDIT_OPTIONS = { allowSelfIntersection: false, removeLayerBelowMinVertexCount: false, snappable: false };

/**
 * One fence shape on a map: shown read-only (a preview) or drawn and edited with leaflet-geoman.
 * Stored shapes come in WGS-84 and are shown on the tiles' system; what the user draws is read
 * back in the tiles' system with that system named (`Drawing`). When the tiles change system the
 * shape is moved with them, so it stays on the same real place.
 */
export class ShapeLayer {
  private layer: L.Polygon | L.Circle | null = null;
  private drawing: ShapeKind | null = null;
  private readonly style: L.PathOptions;
  private readonly handles: MutationObserver | null = null;

  constructor(
    private readonly map: PttMap,
    private readonly options: ShapeLayerOptions = {},
  ) {
    this.style = options.style ?? SHAPE_STYLE;
    map.leaflet.on(COORD_CHANGE_EVENT, this.onCoordChange);
    if (options.editable) {
      map.leaflet.on('pm:create', this.onCreate);
      map.leaflet.on('pm:drawend', this.onDrawEnd);
    }
    const labels = options.handleLabels;
    if (options.editable && labels && typeof MutationObserver !== 'undefined') {
      // geoman makes its handles itself and turns middle handles into corners by their class:
      // watching the map is the one place every handle passes through.
      this.handles = new MutationObserver(() => nameHandles(map.leaflet.getContainer(), labels));
      this.handles.observe(map.leaflet.getContainer(), { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    }
  }

  /** Shows a stored shape (WGS-84), or nothing; not reported as a change. */
  show(shape: DrawnShape | null): void {
    this.put(shape ? convertShape(shape, 'wgs84', this.map.coord) : null);
  }

  /** The shape as it is on screen, in the tiles' system; null when nothing is drawn. */
  current(): Drawing | null {
    const shape = this.layer ? shapeOf(this.layer) : null;
    return shape ? { shape, coord: this.map.coord } : null;
  }

  /** Starts drawing a new shape; it replaces the current one when finished. Escape cancels. */
  draw(kind: ShapeKind): void {
    const pm = this.map.leaflet.pm;
    if (!this.options.editable || !pm) return;
    this.cancelDraw();
    pm.setLang(currentLocale() === 'zh' ? 'zh' : 'en');
    pm.enableDraw(kind === 'circle' ? 'Circle' : 'Polygon', {
      snappable: false,
      continueDrawing: false,
      allowSelfIntersection: false,
      templineStyle: this.style,
      hintlineStyle: { ...this.style, dashArray: '5,5' },
      pathOptions: this.style,
    });
    this.setMode(kind);
    document.addEventListener('keydown', this.onKey, true);
  }

  cancelDraw(): void {
    const pm = this.map.leaflet.pm;
    if (pm?.globalDrawModeEnabled()) pm.disableDraw();
    this.setMode(null);
  }

  /** Removes the shape (a user's change). */
  clear(): void {
    this.cancelDraw();
    this.put(null);
    this.options.onChange?.(null);
  }

  /** Brings the whole shape into view. */
  fit(maxZoom = 17): void {
    if (this.layer) this.map.leaflet.fitBounds(this.layer.getBounds(), { padding: [24, 24], maxZoom, animate: false });
  }

  destroy(): void {
    this.handles?.disconnect();
    this.cancelDraw();
    this.put(null);
    this.map.leaflet.off(COORD_CHANGE_EVENT, this.onCoordChange);
    this.map.leaflet.off('pm:create', this.onCreate);
    this.map.leaflet.off('pm:drawend', this.onDrawEnd);
  }

  /** Puts a shape already in the tiles' system on the map (replacing the one there). */
  private put(shape: DrawnShape | null): void {
    this.layer?.off('pm:edit', this.onEdit);
    this.layer?.remove();
    this.layer = shape ? layerOf(shape, this.style) : null;
    if (!this.layer) return;
    this.layer.addTo(this.map.leaflet);
    this.edit(this.layer);
  }

  private edit(layer: L.Polygon | L.Circle): void {
    if (!this.options.editable) return;
    layer.pm?.enable(EDIT_OPTIONS);
    layer.on('pm:edit', this.onEdit);
  }

  private setMode(kind: ShapeKind | null): void {
    if (kind === null) document.removeEventListener('keydown', this.onKey, true);
    if (this.drawing === kind) return;
    this.drawing = kind;
    this.options.onDrawMode?.(kind);
  }

  private readonly onCreate = (e: { layer: L.Layer }) => {
    const made = e.layer;
    // geoman leaves the new layer on the map: it becomes the fence, in our style and editable.
    if (!(made instanceof L.Polygon || made instanceof L.Circle)) {
      made.remove();
      return;
    }
    this.layer?.off('pm:edit', this.onEdit);
    this.layer?.remove();
    made.setStyle(this.style);
    this.layer = made;
    this.edit(made);
    this.options.onChange?.(this.current());
  };

  // geoman fires pm:create before pm:drawend; a draw end without a shape was a cancel.
  private readonly onDrawEnd = () => this.setMode(null);

  private readonly onEdit = () => this.options.onChange?.(this.current());

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || this.drawing === null) return;
    e.preventDefault();
    this.cancelDraw();
  };

  private readonly onCoordChange = (e: L.LeafletEvent) => {
    const { coord, previous } = e as CoordChangeEvent;
    const shape = this.layer ? shapeOf(this.layer) : null;
    if (shape) this.put(convertShape(shape, previous, coord));
  };
}

/** Names every geoman handle in `root` that has none or the wrong one. */
function nameHandles(root: HTMLElement, labels: { point: string; middle: string }): void {
  for (const el of root.querySelectorAll<HTMLElement>('.marker-icon')) {
    const label = el.classList.contains('marker-icon-middle') ? labels.middle : labels.point;
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
}
