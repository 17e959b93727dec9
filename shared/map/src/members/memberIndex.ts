import Supercluster from 'supercluster';
import type { LngLat, MemberMarker, MemberStatus, PositionPoint } from '../types';

/** Members closer than this on screen form a cluster. */
export const CLUSTER_RADIUS_PX = 48;
/** The index covers the view plus this share of its size on every side, so a pan seldom rebuilds. */
const VIEW_PADDING = 0.5;

/** [west, south, east, north] in display degrees. */
export type BBox = [number, number, number, number];

export type DrawItem =
  | { kind: 'cluster'; id: number; count: number; lng: number; lat: number }
  | { kind: 'member'; uid: number; lng: number; lat: number; status: MemberStatus; stale: boolean };

export interface ClusterMember extends MemberMarker {
  lng: number;
  lat: number;
}

/** A GeoJSON point feature (the shape supercluster takes), typed here: @types/geojson is not ours. */
interface MemberFeature {
  type: 'Feature';
  properties: { uid: number };
  geometry: { type: 'Point'; coordinates: number[] };
}

interface Entry {
  uid: number;
  member?: MemberMarker;
  point?: PositionPoint;
  /** Display position, updated in place; supercluster keeps its own copy until the next rebuild. */
  feature?: MemberFeature;
}

export function isStale(point: PositionPoint, now: number, staleAfterMs: number): boolean {
  return now - point.time > staleAfterMs;
}

function contains(outer: BBox, inner: BBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

/**
 * Members, their latest positions and the clustering, without Leaflet. The clustering is built
 * for one zoom level and the area around the view only: that is all a frame draws, and it costs a
 * fraction of supercluster's every-zoom, whole-world index. The selected member is left out of
 * it: MemberLayer draws that one as a marker of its own, never inside a cluster.
 */
export class MemberIndex {
  private readonly entries = new Map<number, Entry>();
  private clusters: Supercluster<{ uid: number }> | null = null;
  private builtZoom = Number.NaN;
  private builtBox: BBox | null = null;
  private changed = true;
  private selectedUid: number | null = null;

  constructor(private project: (p: LngLat) => [number, number]) {}

  private entry(uid: number): Entry {
    let e = this.entries.get(uid);
    if (!e) {
      e = { uid };
      this.entries.set(uid, e);
    }
    return e;
  }

  /** New tiles in another coordinate system: every display position is recomputed. */
  setProjection(project: (p: LngLat) => [number, number]): void {
    this.project = project;
    for (const e of this.entries.values()) if (e.point && e.feature) e.feature.geometry.coordinates = project(e.point);
    this.changed = true;
  }

  setMembers(members: readonly MemberMarker[]): void {
    const listed = new Set<number>();
    for (const m of members) {
      listed.add(m.uid);
      this.entry(m.uid).member = { uid: m.uid, name: m.name, status: m.status };
    }
    for (const e of this.entries.values()) {
      if (listed.has(e.uid)) continue;
      delete e.member;
      if (!e.point) this.entries.delete(e.uid);
    }
    this.changed = true;
  }

  /** The newest position per member wins (messages may arrive out of order). */
  applyPositions(points: readonly PositionPoint[]): { changed: boolean; selectedMoved: boolean } {
    let changed = false;
    let selectedMoved = false;
    for (const p of points) {
      const e = this.entry(p.uid);
      if (e.point && e.point.time > p.time) continue;
      e.point = { uid: p.uid, lng: p.lng, lat: p.lat, time: p.time };
      const coordinates = this.project(p);
      if (e.feature) e.feature.geometry.coordinates = coordinates;
      else e.feature = { type: 'Feature', properties: { uid: p.uid }, geometry: { type: 'Point', coordinates } };
      if (!e.member) continue;
      if (p.uid === this.selectedUid) selectedMoved = true;
      else changed = true;
    }
    if (changed) this.changed = true;
    return { changed, selectedMoved };
  }

  select(uid: number | null): void {
    if (uid === this.selectedUid) return;
    this.selectedUid = uid;
    this.changed = true;
  }

  get selected(): number | null {
    return this.selectedUid;
  }

  positionOf(uid: number): PositionPoint | undefined {
    return this.entries.get(uid)?.point;
  }

  memberOf(uid: number): MemberMarker | undefined {
    return this.entries.get(uid)?.member;
  }

  /** Display [lng, lat] of a member's latest position. */
  displayOf(uid: number): [number, number] | undefined {
    const c = this.entries.get(uid)?.feature?.geometry.coordinates;
    return c ? [c[0]!, c[1]!] : undefined;
  }

  /** Was the clustering built for another zoom, or an area that does not cover this view? */
  viewOutdated(zoom: number, view: BBox): boolean {
    return Math.floor(zoom) !== this.builtZoom || !this.builtBox || !contains(this.builtBox, view);
  }

  /** Is the clustering out of date (members, positions, selection, or the view)? */
  needsRebuild(zoom: number, view: BBox): boolean {
    return this.changed || this.viewOutdated(zoom, view);
  }

  rebuild(zoom: number, view: BBox): void {
    const z = Math.floor(zoom);
    const padX = (view[2] - view[0]) * VIEW_PADDING;
    const padY = (view[3] - view[1]) * VIEW_PADDING;
    const box: BBox = [view[0] - padX, view[1] - padY, view[2] + padX, view[3] + padY];
    // Past the antimeridian the area wraps; there the whole world is simpler and rare.
    if (box[0] < -180 || box[2] > 180) [box[0], box[2]] = [-180, 180];
    const features: MemberFeature[] = [];
    for (const e of this.entries.values()) {
      if (!e.member || !e.feature || e.uid === this.selectedUid) continue;
      const [lng, lat] = e.feature.geometry.coordinates as [number, number];
      if (lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3]) features.push(e.feature);
    }
    // minZoom = maxZoom: one level of clusters above the raw points. extent 256: Leaflet's tile
    // size, so the radius is in screen pixels.
    this.clusters = new Supercluster<{ uid: number }>({ radius: CLUSTER_RADIUS_PX, extent: 256, minZoom: z, maxZoom: z }).load(features);
    this.builtZoom = z;
    this.builtBox = box;
    this.changed = false;
  }

  /**
   * What to draw in `view`: clusters from the last rebuild, single members at their latest
   * position (so they move every frame even while a rebuild waits its turn).
   */
  itemsIn(view: BBox, now: number, staleAfterMs: number): DrawItem[] {
    if (!this.clusters) return [];
    const out: DrawItem[] = [];
    for (const f of this.clusters.getClusters(view, this.builtZoom)) {
      const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; uid?: number };
      const [lng, lat] = f.geometry.coordinates as [number, number];
      if (props.cluster) {
        out.push({ kind: 'cluster', id: props.cluster_id!, count: props.point_count!, lng, lat });
        continue;
      }
      const e = this.entries.get(props.uid!);
      if (!e?.member || !e.point || !e.feature || e.uid === this.selectedUid) continue;
      // supercluster hands back the position it indexed; the member may have moved since.
      const [x, y] = e.feature.geometry.coordinates as [number, number];
      out.push({ kind: 'member', uid: e.uid, lng: x, lat: y, status: e.member.status, stale: isStale(e.point, now, staleAfterMs) });
    }
    return out;
  }

  /** A cluster's members, sorted by name, with display positions. */
  clusterMembers(clusterId: number): ClusterMember[] {
    if (!this.clusters) return [];
    let leaves: MemberFeature[];
    try {
      leaves = this.clusters.getLeaves(clusterId, Infinity);
    } catch {
      return []; // the clustering was rebuilt since the click: that cluster id is gone
    }
    const out: ClusterMember[] = [];
    for (const leaf of leaves) {
      const e = this.entries.get(leaf.properties.uid);
      if (!e?.member) continue;
      const [lng, lat] = (e.feature ?? leaf).geometry.coordinates as [number, number];
      out.push({ ...e.member, lng, lat });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name) || a.uid - b.uid);
  }
}
