import { toDisplay } from '../coords';
import type { MemberMarker, PositionPoint } from '../types';
import { MemberIndex, type BBox, type DrawItem } from './memberIndex';

const NOW = 1_700_000_000_000;
const STALE_MS = 5 * 60_000;
const WORLD: BBox = [-179, -80, 179, 80];
// Shanghai, a few hundred metres apart: one cluster at city zoom, apart at street zoom.
const members: MemberMarker[] = [
  { uid: 1, name: 'Chen', status: 'online' },
  { uid: 2, name: 'Ahmed', status: 'busy' },
  { uid: 3, name: 'Bella', status: 'away' },
];
const at = (uid: number, lng: number, lat: number, time = NOW): PositionPoint => ({ uid, lng, lat, time });
const near = [at(1, 121.47, 31.23), at(2, 121.472, 31.231), at(3, 121.474, 31.229)];

const kinds = (items: DrawItem[]) => items.map((i) => (i.kind === 'cluster' ? `cluster:${i.count}` : `member:${i.uid}`)).sort();

function built(zoom: number, points = near): MemberIndex {
  const index = new MemberIndex((p) => [p.lng, p.lat]);
  index.setMembers(members);
  index.applyPositions(points);
  index.rebuild(zoom, WORLD);
  return index;
}

describe('MemberIndex', () => {
  it('clusters members close on screen and separates them when zoomed in', () => {
    expect(kinds(built(10).itemsIn(WORLD, NOW, STALE_MS))).toEqual(['cluster:3']);
    expect(kinds(built(18).itemsIn(WORLD, NOW, STALE_MS))).toEqual(['member:1', 'member:2', 'member:3']);
  });

  it("lists a cluster's members by name", () => {
    const index = built(10);
    const [cluster] = index.itemsIn(WORLD, NOW, STALE_MS);
    expect(cluster?.kind).toBe('cluster');
    const list = index.clusterMembers((cluster as { id: number }).id);
    expect(list.map((m) => m.name)).toEqual(['Ahmed', 'Bella', 'Chen']);
    expect(index.clusterMembers(999_999)).toEqual([]);
  });

  it('never hides the selected member in a cluster: it leaves the clustering', () => {
    const index = built(10);
    index.select(2);
    expect(index.needsRebuild(10, WORLD)).toBe(true);
    index.rebuild(10, WORLD);
    const items = index.itemsIn(WORLD, NOW, STALE_MS);
    expect(kinds(items)).toEqual(['cluster:2']);
    const id = (items[0] as { id: number }).id;
    expect(index.clusterMembers(id).map((m) => m.uid)).not.toContain(2);
    index.select(null);
    index.rebuild(10, WORLD);
    expect(kinds(index.itemsIn(WORLD, NOW, STALE_MS))).toEqual(['cluster:3']);
  });

  it('keeps the newest position per member, whatever the arrival order', () => {
    const index = built(18);
    index.applyPositions([at(1, 100, 30, NOW + 10), at(1, 50, 20, NOW + 5)]);
    expect(index.positionOf(1)).toEqual(at(1, 100, 30, NOW + 10));
  });

  it('moves single members at once and reports whether anything drawn changed', () => {
    const index = built(18);
    expect(index.applyPositions([at(99, 1, 1)])).toEqual({ changed: false, selectedMoved: false });
    index.select(3);
    expect(index.applyPositions([at(3, 121.5, 31.3, NOW + 1)])).toEqual({ changed: false, selectedMoved: true });
    expect(index.applyPositions([at(1, 121.4701, 31.2301, NOW + 1)])).toEqual({ changed: true, selectedMoved: false });
    // Not rebuilt yet, yet member 1 is drawn where it is now.
    const one = index.itemsIn(WORLD, NOW, STALE_MS).find((i) => i.kind === 'member' && i.uid === 1);
    expect(one).toMatchObject({ lng: 121.4701, lat: 31.2301 });
  });

  it('marks positions older than the limit as stale', () => {
    const index = built(18, [at(1, 121.47, 31.23, NOW - STALE_MS - 1), at(2, 121.472, 31.231, NOW - STALE_MS + 1000)]);
    const stale = Object.fromEntries(index.itemsIn(WORLD, NOW, STALE_MS).map((i) => [(i as { uid: number }).uid, (i as { stale: boolean }).stale]));
    expect(stale).toEqual({ 1: true, 2: false });
  });

  it('draws only listed members with a position, and keeps positions of members who leave the list', () => {
    const index = built(18);
    index.setMembers([members[0]!, { uid: 4, name: 'Dana', status: 'online' }]);
    index.rebuild(18, WORLD);
    expect(kinds(index.itemsIn(WORLD, NOW, STALE_MS))).toEqual(['member:1']);
    expect(index.positionOf(2)).toBeDefined();
    expect(index.memberOf(2)).toBeUndefined();
  });

  it('re-projects every member for new tiles', () => {
    const index = built(18);
    index.setProjection((p) => toDisplay(p, 'gcj02'));
    expect(index.displayOf(1)).toEqual(toDisplay(near[0]!, 'gcj02'));
    expect(index.needsRebuild(18, WORLD)).toBe(true);
  });

  it('indexes the area around the view only, and asks for a rebuild when the view leaves it or the zoom changes', () => {
    const far = at(2, 2.35, 48.85); // Paris
    const index = built(12, [near[0]!, far]);
    const shanghai: BBox = [121.3, 31.1, 121.6, 31.4];
    index.rebuild(12, shanghai);
    expect(index.needsRebuild(12, shanghai)).toBe(false);
    expect(index.viewOutdated(12, [121.35, 31.15, 121.65, 31.45])).toBe(false);
    expect(index.viewOutdated(13, shanghai)).toBe(true);
    expect(index.viewOutdated(12, [2.2, 48.7, 2.5, 49])).toBe(true);
    expect(kinds(index.itemsIn(WORLD, NOW, STALE_MS))).toEqual(['member:1']);
  });
});
