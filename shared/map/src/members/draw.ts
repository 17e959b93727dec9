import type { MemberStatus } from '../types';
import type { DrawItem } from './memberIndex';
import type { Stamp } from './stamps';

/** Status colours: online green, offline grey, busy and do-not-disturb red, away amber. */
export const STATUS_COLORS: Record<MemberStatus, string> = {
  online: '#2e9e44',
  offline: '#8a8f98',
  busy: '#d13438',
  dnd: '#d13438',
  away: '#e8a317',
  invisible: '#8a8f98',
  unknown: '#b0b4ba',
};

export const MEMBER_RADIUS_PX = 6;
const CLUSTER_FILL = 'rgba(31, 95, 168, 0.88)';

export function clusterRadius(count: number): number {
  return 14 + Math.min(10, Math.log10(count) * 4);
}

/** 1234 -> '1.2k': the count must fit in the circle. */
export function clusterLabel(count: number): string {
  return count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

/** An item as drawn, in layer pixels, for hit testing. */
export interface Drawn {
  x: number;
  y: number;
  r: number;
  item: DrawItem;
}

// Each look (a status colour, fresh or stale; a cluster's label) is drawn once into a small
// canvas and stamped with drawImage: far cheaper per frame than arcs and text, above all where
// the browser rasterises in software.
const SPRITE_LIMIT = 2000;
const sprites = new Map<string, Sprite>();

interface Sprite {
  image: HTMLCanvasElement;
  key: string;
}

/** `scale`: canvas pixels per CSS pixel of the canvas the sprite is stamped on. */
function sprite(name: string, sizePx: number, scale: number, draw: (g: CanvasRenderingContext2D, half: number) => void): Sprite {
  const key = `${name}|${scale}`;
  let s = sprites.get(key);
  if (s) return s;
  if (sprites.size >= SPRITE_LIMIT) sprites.clear();
  const image = document.createElement('canvas');
  image.width = Math.ceil(sizePx * scale);
  image.height = image.width;
  const g = image.getContext('2d');
  if (g) {
    g.scale(scale, scale);
    draw(g, sizePx / 2);
  }
  s = { image, key };
  sprites.set(key, s);
  return s;
}

function memberSprite(color: string, stale: boolean, scale: number): Sprite {
  return sprite(`m|${color}|${stale ? 1 : 0}`, MEMBER_RADIUS_PX * 2 + 4, scale, (g, half) => {
    g.beginPath();
    g.arc(half, half, MEMBER_RADIUS_PX, 0, 2 * Math.PI);
    g.lineWidth = 2;
    // Stale: hollow and faded, so an old position never passes for a live one.
    g.globalAlpha = stale ? 0.55 : 1;
    g.fillStyle = stale ? 'rgba(255, 255, 255, 0.7)' : color;
    g.strokeStyle = stale ? color : '#ffffff';
    g.fill();
    g.stroke();
  });
}

function clusterSprite(count: number, scale: number): Sprite {
  const r = clusterRadius(count);
  const label = clusterLabel(count);
  return sprite(`c|${label}|${Math.round(r)}`, Math.round(r) * 2 + 4, scale, (g, half) => {
    g.beginPath();
    g.arc(half, half, r, 0, 2 * Math.PI);
    g.fillStyle = CLUSTER_FILL;
    g.fill();
    g.lineWidth = 3;
    g.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    g.stroke();
    g.fillStyle = '#ffffff';
    g.font = 'bold 12px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(label, half, half);
  });
}

function stampAt(s: Sprite, x: number, y: number, sizePx: number): Stamp {
  // Whole pixels: no resampling, and a member that moved less than a pixel changes nothing.
  return { image: s.image, key: s.key, x: Math.round(x - sizePx / 2), y: Math.round(y - sizePx / 2), size: sizePx };
}

/**
 * Members, then clusters on top: the stamps to draw, in order, and what was drawn where, for hit
 * testing. `scale`: canvas pixels per CSS pixel (sprites are drawn at it).
 */
export function layoutItems(
  items: readonly DrawItem[],
  toPoint: (lng: number, lat: number) => [number, number],
  scale = window.devicePixelRatio || 1,
): { drawn: Drawn[]; stamps: Stamp[] } {
  const members: Drawn[] = [];
  const clusters: Drawn[] = [];
  for (const item of items) {
    const [x, y] = toPoint(item.lng, item.lat);
    if (item.kind === 'cluster') clusters.push({ x, y, r: clusterRadius(item.count), item });
    else members.push({ x, y, r: MEMBER_RADIUS_PX, item });
  }
  const memberSize = MEMBER_RADIUS_PX * 2 + 4;
  const stamps: Stamp[] = [];
  for (const d of members) {
    const item = d.item as Extract<DrawItem, { kind: 'member' }>;
    stamps.push(stampAt(memberSprite(STATUS_COLORS[item.status], item.stale, scale), d.x, d.y, memberSize));
  }
  for (const d of clusters) {
    const count = (d.item as Extract<DrawItem, { kind: 'cluster' }>).count;
    stamps.push(stampAt(clusterSprite(count, scale), d.x, d.y, Math.round(d.r) * 2 + 4));
  }
  return { drawn: members.concat(clusters), stamps };
}

/** The topmost drawn item under a layer point (clusters are on top), with a little slack. */
export function hitTest(drawn: readonly Drawn[], x: number, y: number, slackPx = 3): Drawn | undefined {
  for (let i = drawn.length - 1; i >= 0; i--) {
    const d = drawn[i]!;
    const reach = d.r + slackPx;
    if ((d.x - x) ** 2 + (d.y - y) ** 2 <= reach * reach) return d;
  }
  return undefined;
}
