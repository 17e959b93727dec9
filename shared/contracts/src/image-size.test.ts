import { imageDimensions } from './image-size';

// Just the headers each format starts with: all imageDimensions reads.
const le16 = (n: number) => [n & 0xff, n >> 8];
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const png = (w: number, h: number) => bytes([0x89], 'PNG\r\n\x1a\n', be32(13), 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);
const gif = (w: number, h: number) => bytes('GIF89a', le16(w), le16(h), [0, 0, 0]);
const jpeg = (w: number, h: number, sof = 0xc0) =>
  bytes([0xff, 0xd8], [0xff, 0xe1], be16(8), 'Exif\0\0', [0xff, 0xff], [0xff, sof], be16(17), [8], be16(h), be16(w), [3]);
const riff = (chunk: string, data: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], data, new Array<number>(8).fill(0));
const vp8 = (w: number, h: number) => riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h)]);
const vp8l = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  return riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
};
const vp8x = (w: number, h: number) => riff('VP8X', [0, 0, 0, 0, (w - 1) & 0xff, ((w - 1) >> 8) & 0xff, (w - 1) >> 16, (h - 1) & 0xff, ((h - 1) >> 8) & 0xff, (h - 1) >> 16]);

describe('imageDimensions', () => {
  it('reads PNG, GIF, JPEG (baseline and progressive, after other segments) and the three WebP forms', () => {
    for (const [make, name] of [[png, 'png'], [gif, 'gif'], [jpeg, 'jpeg'], [(w: number, h: number) => jpeg(w, h, 0xc2), 'progressive'], [vp8, 'vp8'], [vp8l, 'vp8l'], [vp8x, 'vp8x']] as const) {
      for (const [w, h] of [[1, 1], [96, 64], [4032, 3024], [5000, 20]] as const) expect({ name, size: imageDimensions(make(w, h)) }).toEqual({ name, size: { width: w, height: h } });
    }
    expect(imageDimensions(png(100_000, 100_000))).toEqual({ width: 100_000, height: 100_000 });
  });

  it('answers null for anything else or a header cut short', () => {
    for (const b of [bytes(''), bytes('not an image at all'), png(10, 10).subarray(0, 20), jpeg(10, 10).subarray(0, 12), vp8(10, 10).subarray(0, 20), bytes([0xff, 0xd8, 0xff, 0xd9])]) {
      expect(imageDimensions(b)).toBeNull();
    }
  });
});
