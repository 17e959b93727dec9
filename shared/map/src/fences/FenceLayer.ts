import * as L from 'leaflet';
import i18next from 'i18next';
import { MAP_NS } from '../strings';
import { COORD_CHANGE_EVENT, type PttMap } from '../types';
import { fenceStyle } from './style';
import type { FenceDrawing } from './types';
import './strings';

/** The fences' pane: above the tiles (200), below vector overlays (400: tracks, area selection) and members. */
export const FENCE_PANE = 'pttFences';
const FENCE_PANE_Z = '350';

export interface FenceLayerOptions {
  /**
   * 'hover' (default): a fence's name shows while the pointer is on it, the highlighted fence's
   * all the time. 'always': every name stays shown (a preview of one or a few fences).
   */
  labels?: 'hover' | 'always';
}

interface Drawn {
  fence: FenceDrawing;
  /** What the path was drawn from: a fence whose signature did not change is left as it is. */
  signature: string;
  path: L.Polygon | L.Circle;
}

const signatureOf = (f: FenceDrawing) => JSON.stringify([f.name, f.rule, f.enabled !== false, f.shape]);

/**
 * Fences drawn read-only on a map made by MapView: polygons and circles from their WGS-84 shapes,
 * converted for the tiles like member positions (and drawn again when the tiles change system),
 * coloured by rule, with a name label. One fence may be highlighted (an alert's). SVG in a pane
 * of its own rather than the map's canvas: fences are few, and each is then an element that a
 * screen reader's tooltip link and a test can find (`data-fence-id`, `data-rule`).
 */
export class FenceLayer {
  private map: PttMap | null = null;
  private renderer: L.Renderer | null = null;
  private fences: FenceDrawing[] = [];
  private readonly drawn = new Map<number, Drawn>();
  private highlightId: number | null = null;

  constructor(private readonly opts: FenceLayerOptions = {}) {}

  addTo(map: PttMap): this {
    this.remove();
    this.map = map;
    const leaflet = map.leaflet;
    if (!leaflet.getPane(FENCE_PANE)) leaflet.createPane(FENCE_PANE).style.zIndex = FENCE_PANE_Z;
    this.renderer = L.svg({ pane: FENCE_PANE });
    leaflet.on(COORD_CHANGE_EVENT, this.redrawAll);
    i18next.on('languageChanged', this.relabel);
    this.sync();
    return this;
  }

  remove(): void {
    const map = this.map;
    if (!map) return;
    map.leaflet.off(COORD_CHANGE_EVENT, this.redrawAll);
    i18next.off('languageChanged', this.relabel);
    for (const d of this.drawn.values()) d.path.remove();
    this.drawn.clear();
    this.renderer?.remove();
    this.renderer = null;
    this.map = null;
  }

  /** The fences to show (WGS-84); unchanged ones are not redrawn. */
  setFences(fences: readonly FenceDrawing[]): void {
    this.fences = [...fences];
    this.sync();
  }

  setHighlight(id: number | null): void {
    if (id === this.highlightId) return;
    const before = this.highlightId;
    this.highlightId = id;
    for (const changed of [before, id]) {
      const d = changed === null ? undefined : this.drawn.get(changed);
      if (d) this.restyle(d);
    }
    if (id !== null) this.drawn.get(id)?.path.bringToFront();
  }

  /** Where the fences are on screen (one of them, given its id); null when none is drawn. */
  bounds(id?: number): L.LatLngBounds | null {
    const paths = id === undefined ? [...this.drawn.values()] : [this.drawn.get(id)].filter((d): d is Drawn => d !== undefined);
    if (paths.length === 0) return null;
    const bounds = L.latLngBounds([]);
    for (const d of paths) bounds.extend(d.path.getBounds());
    return bounds;
  }

  /** Frames the highlighted fence, else every fence drawn. */
  fit(options: L.FitBoundsOptions = { padding: [16, 16], maxZoom: 17 }): void {
    const bounds = (this.highlightId === null ? null : this.bounds(this.highlightId)) ?? this.bounds();
    if (bounds?.isValid()) this.map?.leaflet.fitBounds(bounds, options);
  }

  private sync(): void {
    if (!this.map) return;
    const wanted = new Map(this.fences.map((f) => [f.id, f]));
    for (const [id, d] of this.drawn) {
      if (wanted.get(id) && signatureOf(wanted.get(id)!) === d.signature) continue;
      d.path.remove();
      this.drawn.delete(id);
    }
    for (const f of this.fences) if (!this.drawn.has(f.id)) this.draw(f);
    if (this.highlightId !== null) this.drawn.get(this.highlightId)?.path.bringToFront();
  }

  private readonly redrawAll = () => {
    for (const d of this.drawn.values()) d.path.remove();
    this.drawn.clear();
    this.sync();
  };

  private draw(fence: FenceDrawing): void {
    const map = this.map!;
    const highlighted = fence.id === this.highlightId;
    const options: L.PathOptions = { ...fenceStyle(fence.rule, fence.enabled !== false, highlighted), renderer: this.renderer ?? undefined, pane: FENCE_PANE };
    const { shape } = fence;
    // GCJ-02 shifts a whole neighbourhood alike: a circle's centre converts, its radius stays.
    const path =
      shape.type === 'circle'
        ? L.circle(map.toLatLng(shape.center), { ...options, radius: shape.radius })
        : L.polygon(
            shape.points.map((p) => map.toLatLng(p)),
            options,
          );
    path.addTo(map.leaflet);
    const d: Drawn = { fence, signature: signatureOf(fence), path };
    this.drawn.set(fence.id, d);
    const el = path.getElement();
    el?.setAttribute('data-fence-id', String(fence.id));
    el?.setAttribute('data-rule', fence.rule);
    this.label(d, highlighted);
  }

  private restyle(d: Drawn): void {
    const highlighted = d.fence.id === this.highlightId;
    d.path.setStyle(fenceStyle(d.fence.rule, d.fence.enabled !== false, highlighted));
    this.label(d, highlighted);
  }

  /** Binds the name label: kept shown for the highlighted fence (or all, 'always'), else on hover. */
  private label(d: Drawn, highlighted: boolean): void {
    const permanent = highlighted || this.opts.labels === 'always';
    d.path.getElement()?.toggleAttribute('data-highlighted', highlighted);
    d.path.unbindTooltip();
    d.path.bindTooltip(this.labelContent(d.fence), {
      permanent,
      sticky: !permanent,
      direction: permanent ? 'center' : 'top',
      className: highlighted ? 'ptt-fence-label ptt-fence-label-highlighted' : 'ptt-fence-label',
    });
    if (permanent) d.path.openTooltip();
  }

  private labelContent(fence: FenceDrawing): HTMLElement {
    // The name goes in as text: a fence's name is never HTML.
    const el = document.createElement('span');
    el.dataset.fenceId = String(fence.id);
    const rule = i18next.t(`fences.rule.${fence.rule}`, { ns: MAP_NS });
    el.textContent =
      fence.enabled === false
        ? i18next.t('fences.labelStopped', { ns: MAP_NS, name: fence.name, rule, stopped: i18next.t('fences.stopped', { ns: MAP_NS }) })
        : i18next.t('fences.label', { ns: MAP_NS, name: fence.name, rule });
    return el;
  }

  private readonly relabel = () => {
    for (const d of this.drawn.values()) d.path.setTooltipContent(this.labelContent(d.fence));
  };
}
