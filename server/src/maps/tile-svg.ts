// Offline map tiles: a light, readable 256 px SVG per z/x/y (Web Mercator, the scheme of every
// provider we use), drawn from nothing but the tile's numbers. The map then works without internet
// and in tests, and a person can still tell where they are (graticule in degrees, tile label).

export const TILE_SIZE_PX = 256;
export const MAX_TILE_ZOOM = 20;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const DIGITS = /^\d{1,7}$/;

/** z 0..20 and x, y inside the zoom level's grid; anything else is null (the route's 404). */
export function parseTileAddress(z: string, x: string, y: string): TileAddress | null {
  if (!DIGITS.test(z) || !DIGITS.test(x) || !DIGITS.test(y)) return null;
  const t = { z: Number(z), x: Number(x), y: Number(y) };
  if (t.z > MAX_TILE_ZOOM) return null;
  const n = 2 ** t.z;
  return t.x < n && t.y < n ? t : null;
}

const lngOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
/** Fractional tile row of a latitude. */
const rowOf = (lat: number, n: number) => {
  const r = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
};

// Graticule spacing in degrees: the finest giving at most four lines across a tile.
const STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];
function stepFor(spanDeg: number): number {
  let step = STEPS[0]!;
  for (const s of STEPS) if (spanDeg / s <= 4) step = s;
  return step;
}

function decimals(step: number): number {
  return step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step) - 1e-9));
}

const fmt = (v: number, step: number, pos: string, neg: string) => `${Math.abs(v).toFixed(decimals(step))}°${v >= 0 ? pos : neg}`;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Multiples of `step` in [from, to), without float drift. */
function multiples(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let k = Math.ceil(from / step - 1e-9); k * step < to - 1e-9; k++) out.push(Number((k * step).toFixed(6)));
  return out;
}

/** The tile as SVG text. `caption` (a map type and style) is printed small under the label. */
export function tileSvg({ z, x, y }: TileAddress, caption = ''): string {
  const n = 2 ** z;
  const s = TILE_SIZE_PX;
  const west = lngOf(x, n);
  const east = lngOf(x + 1, n);
  const north = latOf(y, n);
  const south = latOf(y + 1, n);
  const step = stepFor(east - west);
  const parts: string[] = [];
  for (const lng of multiples(west, east, step)) {
    const px = (((lng - west) / (east - west)) * s).toFixed(1);
    parts.push(`<line x1="${px}" y1="0" x2="${px}" y2="${s}" class="g"/><text x="${px}" y="12" dx="3" class="d">${fmt(lng, step, 'E', 'W')}</text>`);
  }
  for (const lat of multiples(south, north, step)) {
    if (Math.abs(lat) > 85.06) continue;
    const py = ((rowOf(lat, n) - y) * s).toFixed(1);
    parts.push(`<line x1="0" y1="${py}" x2="${s}" y2="${py}" class="g"/><text x="3" y="${py}" dy="-3" class="d">${fmt(lat, step, 'N', 'S')}</text>`);
  }
  const label = `${z}/${x}/${y}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    '<style>.g{stroke:#9fb3c8;stroke-width:1;stroke-dasharray:4 3}.d{font:10px sans-serif;fill:#7a8a99}' +
    '.l{font:bold 18px sans-serif;fill:#5b6770;text-anchor:middle}.c{font:11px sans-serif;fill:#8a96a0;text-anchor:middle}</style>' +
    `<rect width="${s}" height="${s}" fill="#f4f2ec"/>` +
    `<path d="M64 0V${s}M128 0V${s}M192 0V${s}M0 64H${s}M0 128H${s}M0 192H${s}" stroke="#e6e2d8" stroke-width="1"/>` +
    `<rect x="0.5" y="0.5" width="${s - 1}" height="${s - 1}" fill="none" stroke="#d5d0c4"/>` +
    parts.join('') +
    `<text x="${s / 2}" y="${s / 2}" class="l">${label}</text>` +
    (caption ? `<text x="${s / 2}" y="${s / 2 + 18}" class="c">${escapeXml(caption)}</text>` : '') +
    '</svg>'
  );
}
