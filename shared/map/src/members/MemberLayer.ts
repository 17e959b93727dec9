import * as L from 'leaflet';
import { toDisplay } from '../coords';
import { COORD_CHANGE_EVENT, type MemberMarker, type PositionPoint, type PttMap } from '../types';
import { canvasScale, canvasSupported, createMemberCanvas, type MemberCanvas } from './canvas';
import { clusterPopupContent } from './clusterPopup';
import { hitTest, layoutItems, type Drawn } from './draw';
import { browserFrames, FrameBatcher, RebuildPacer, type FrameScheduler } from './frames';
import { isStale, MemberIndex, type BBox } from './memberIndex';
import { pixelX, pixelY } from './project';
import { SelectedMarker } from './selectedMarker';

export interface MemberLayerOptions {
  /** Positions older than this look stale (faded, hollow). Default 5 minutes. */
  staleAfterMs?: number;
  /** A member was clicked on the map or picked from a cluster's list. */
  onSelect?: (uid: number) => void;
  /** Tests step frames by hand. */
  frames?: FrameScheduler;
  /**
   * Canvas pixels per CSS pixel (times the device pixel ratio), 0.25 to 1; default 1. Below 1
   * the browser scales the canvas up: members look softer, but each repaint clears, copies and
   * composites a quarter of the pixels at 0.5. For very large maps (a 4K wall display).
   */
  resolution?: number;
  /**
   * How far the canvas reaches beyond the view on each side, as a share of its size; default 0.1
   * (a short pan shows members at once). A map nobody pans can use 0.
   */
  padding?: number;
  /** Take canvas tiles with no member out of the page (see canvas.ts); default false. */
  hideEmptyTiles?: boolean;
  /** At a resolution below 1, scale the canvas up by nearest pixel; default false. */
  pixelated?: boolean;
}

export const DEFAULT_STALE_AFTER_MS = 5 * 60_000;
// Positions age without any message: repaint now and then so they turn stale on time.
const STALE_REPAINT_MS = 15_000;

/**
 * Every member with a position, on one canvas layer with clustering (not a DOM marker each), fed
 * by storms of positions that are applied once per animation frame. The layer is a grid of canvas
 * tiles and a paint redraws only what changed. A re-clustering that only positions ask for takes a
 * frame of its own; the next one paints. All positions are WGS-84 and converted for the tiles at
 * display time. The selected member is drawn as a DOM marker.
 */
export class MemberLayer {
  private readonly index = new MemberIndex((p) => [p.lng, p.lat]);
  private readonly batcher: FrameBatcher<PositionPoint>;
  private readonly pacer = new RebuildPacer();
  private readonly marker: SelectedMarker;
  private readonly staleAfterMs: number;
  private readonly resolution: number;
  private map: PttMap | null = null;
  private canvas: MemberCanvas | null = null;
  private drawn: Drawn[] = [];
  /** Members painted on their own (not inside a cluster) by the last paint. */
  private drawnUids = new Set<number>();
  private dirty = false;
  /** The next re-clustering is one the user waits for (rebuildNow): it is painted in the same frame. */
  private urgent = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly opts: MemberLayerOptions = {}) {
    this.staleAfterMs = opts.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    this.resolution = Math.min(1, Math.max(0.25, opts.resolution ?? 1));
    this.batcher = new FrameBatcher((points) => this.frame(points), opts.frames ?? browserFrames, {
      keyOf: (p) => p.uid,
      prefer: (queued, next) => (next.time >= queued.time ? next : queued),
    });
    this.marker = new SelectedMarker((uid) => this.pick(uid));
  }

  addTo(map: PttMap): this {
    this.remove();
    this.map = map;
    this.index.setProjection((p) => toDisplay(p, map.coord));
    const leaflet = map.leaflet;
    if (canvasSupported()) {
      this.canvas = createMemberCanvas(leaflet, () => this.paint(), {
        resolution: this.resolution,
        padding: Math.max(0, this.opts.padding ?? 0.1),
        hideEmpty: this.opts.hideEmptyTiles ?? false,
        pixelated: this.opts.pixelated ?? false,
      });
      leaflet.addLayer(this.canvas);
    }
    leaflet.on('click', this.onClick);
    leaflet.on('mousemove', this.onMouseMove);
    leaflet.on(COORD_CHANGE_EVENT, this.onCoordChange);
    this.timer = setInterval(() => {
      this.showSelected();
      this.repaintSoon();
    }, STALE_REPAINT_MS);
    this.showSelected();
    this.repaintSoon();
    return this;
  }

  remove(): void {
    const map = this.map;
    if (!map) return;
    clearInterval(this.timer);
    map.leaflet.off('click', this.onClick);
    map.leaflet.off('mousemove', this.onMouseMove);
    map.leaflet.off(COORD_CHANGE_EVENT, this.onCoordChange);
    if (this.canvas) map.leaflet.removeLayer(this.canvas);
    this.canvas = null;
    this.marker.hide();
    this.drawn = [];
    this.drawnUids.clear();
    this.map = null;
  }

  setMembers(members: MemberMarker[]): void {
    this.index.setMembers(members);
    this.rebuildNow();
    this.showSelected();
    this.repaintSoon();
  }

  /** Queued; applied once per animation frame. */
  pushPositions(points: PositionPoint[]): void {
    this.batcher.push(points);
  }

  select(uid: number | null): void {
    this.index.select(uid);
    this.rebuildNow();
    this.showSelected();
    this.repaintSoon();
  }

  positionOf(uid: number): PositionPoint | undefined {
    return this.index.positionOf(uid);
  }

  /** Members, selection or projection changed: re-cluster and paint in the next frame, whatever the pace. */
  private rebuildNow(): void {
    this.pacer.reset();
    this.urgent = true;
  }

  private repaintSoon(): void {
    this.dirty = true;
    this.batcher.schedule();
  }

  private frame(points: PositionPoint[]): void {
    const now = performance.now();
    if (points.length > 0) {
      const { changed, selectedMoved } = this.index.applyPositions(points);
      // Members inside clusters move nothing on screen until the next rebuild: repaint only
      // when one drawn on its own moved.
      if (changed && points.some((p) => this.drawnUids.has(p.uid))) this.dirty = true;
      if (selectedMoved) this.showSelected();
    }
    const canvas = this.canvas;
    const leaflet = this.map?.leaflet;
    if (!canvas || !leaflet) return;
    const view = this.view(leaflet);
    const zoom = leaflet.getZoom();
    if (this.index.needsRebuild(zoom, view)) {
      // After a zoom, a pan out of the clustered area, new members or another selection: rebuild
      // and paint at once (the user waits).
      if (this.urgent || this.index.viewOutdated(zoom, view)) this.rebuild(leaflet, view);
      else if (this.pacer.canRebuild(now)) {
        // Clusters following their members: this frame re-clusters, the next one paints, so no
        // frame does both (on a wall display each costs a good part of a frame in software).
        this.rebuild(leaflet, view);
        this.batcher.schedule();
        return;
      }
      // Not this frame: single members still move; their clusters catch up on a later frame.
      else this.batcher.schedule();
    }
    if (this.dirty) this.paint();
  }

  private rebuild(leaflet: L.Map, view: BBox): void {
    const start = performance.now();
    this.index.rebuild(leaflet.getZoom(), view);
    this.pacer.record(start, performance.now());
    this.dirty = true;
    this.urgent = false;
  }

  /**
   * The canvas's own repaint (every move and zoom) and ours both end here; the canvas repaints
   * only what changed. Returns the number of canvas tiles repainted (0: nothing changed on screen).
   */
  private paint(): number {
    this.dirty = false;
    const leaflet = this.map?.leaflet;
    const canvas = this.canvas;
    if (!leaflet || !canvas) return 0;
    const view = this.view(leaflet);
    const zoom = leaflet.getZoom();
    // After a zoom or a pan out of the indexed area the user is waiting: rebuild now, whatever the pace.
    if (this.index.viewOutdated(zoom, view)) this.rebuild(leaflet, view);
    const origin = leaflet.getPixelOrigin();
    const items = this.index.itemsIn(view, Date.now(), this.staleAfterMs);
    const { drawn, stamps } = layoutItems(items, (lng, lat) => [pixelX(lng, zoom) - origin.x, pixelY(lat, zoom) - origin.y], canvasScale(this.resolution));
    this.drawn = drawn;
    this.drawnUids = new Set(items.flatMap((i) => (i.kind === 'member' ? [i.uid] : [])));
    return canvas.render(stamps);
  }

  private view(leaflet: L.Map): BBox {
    const b = leaflet.getBounds().pad(0.1);
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  }

  private showSelected(): void {
    const map = this.map;
    const uid = this.index.selected;
    const member = uid === null ? undefined : this.index.memberOf(uid);
    const point = uid === null ? undefined : this.index.positionOf(uid);
    if (!map || !member || !point) {
      this.marker.hide();
      return;
    }
    this.marker.show(map.leaflet, map.toLatLng(point), member, isStale(point, Date.now(), this.staleAfterMs));
  }

  private pick(uid: number): void {
    this.select(uid);
    this.opts.onSelect?.(uid);
  }

  private readonly onClick = (e: L.LeafletMouseEvent): void => {
    const leaflet = this.map?.leaflet;
    const hit = hitTest(this.drawn, e.layerPoint.x, e.layerPoint.y);
    if (!leaflet || !hit) return;
    if (hit.item.kind === 'member') {
      this.pick(hit.item.uid);
      return;
    }
    const members = this.index.clusterMembers(hit.item.id);
    if (members.length === 0) return;
    const at = L.latLng(hit.item.lat, hit.item.lng);
    // Zoom in when the members can be told apart at a deeper zoom; members standing on one spot
    // (or a zoom already at the limit) leave the list as the only way to reach them.
    const bounds = L.latLngBounds(members.map((m) => L.latLng(m.lat, m.lng)));
    const target = Math.min(leaflet.getBoundsZoom(bounds, false, L.point(60, 60)), leaflet.getMaxZoom());
    const popup = L.popup({ maxWidth: 280 }).setLatLng(at);
    popup.setContent(
      clusterPopupContent(members, (uid) => {
        leaflet.closePopup(popup);
        this.pick(uid);
      }),
    );
    // Opened once the zoom is over, so its pan into view does not fight the zoom animation.
    if (target > leaflet.getZoom()) {
      leaflet.once('moveend', () => popup.openOn(leaflet));
      leaflet.setView(at, target);
    } else {
      popup.openOn(leaflet);
    }
  };

  private readonly onMouseMove = (e: L.LeafletMouseEvent): void => {
    const leaflet = this.map?.leaflet;
    if (!leaflet) return;
    leaflet.getContainer().style.cursor = hitTest(this.drawn, e.layerPoint.x, e.layerPoint.y) ? 'pointer' : '';
  };

  private readonly onCoordChange = (): void => {
    const map = this.map;
    if (!map) return;
    this.index.setProjection((p) => toDisplay(p, map.coord));
    this.rebuildNow();
    this.showSelected();
    this.repaintSoon();
  };
}
