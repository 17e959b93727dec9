import * as L from 'leaflet';

/** The pane of the member layer: above vector overlays (400), below markers (600) and popups. */
export const MEMBER_PANE = 'pttMembers';

export interface MemberCanvas extends L.Layer {
  /** Clears and repaints now (skipped during a zoom animation; zoomend repaints). */
  redraw(): void;
}

interface CanvasInternals {
  _map?: L.Map & { _animatingZoom?: boolean };
  _ctx?: CanvasRenderingContext2D;
  _container?: HTMLCanvasElement;
  _redraw(): void;
  options: { paint: (ctx: CanvasRenderingContext2D) => void };
}

// Leaflet's own canvas renderer already does what a map canvas needs: padding around the view,
// retina scaling, the zoom animation, and a repaint after every move. Only `_draw` is ours: it
// paints the members instead of Leaflet paths.
const MemberCanvasClass = L.Canvas.extend({
  _draw(this: CanvasInternals) {
    if (this._ctx) this.options.paint(this._ctx);
  },
  onAdd(this: CanvasInternals & { _container?: HTMLCanvasElement }, map: L.Map) {
    (L.Canvas.prototype as unknown as { onAdd(m: L.Map): void }).onAdd.call(this, map);
    // Purely visual: clicks reach the map (and any layer below), and we hit-test them ourselves.
    if (this._container) this._container.style.pointerEvents = 'none';
  },
  redraw(this: CanvasInternals) {
    if (this._map && this._ctx && !this._map._animatingZoom) this._redraw();
  },
}) as unknown as new (options: L.RendererOptions & { paint: (ctx: CanvasRenderingContext2D) => void }) => MemberCanvas;

export function createMemberCanvas(map: L.Map, paint: (ctx: CanvasRenderingContext2D) => void): MemberCanvas {
  if (!map.getPane(MEMBER_PANE)) {
    const pane = map.createPane(MEMBER_PANE);
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
  }
  return new MemberCanvasClass({ pane: MEMBER_PANE, padding: 0.1, paint });
}

let supported: boolean | undefined;
/** jsdom has no 2D canvas (and says so on the console): there the layer keeps only its DOM marker. */
export function canvasSupported(): boolean {
  if (supported === undefined) {
    supported = !/jsdom/i.test(navigator.userAgent) && !!document.createElement('canvas').getContext('2d');
  }
  return supported;
}
