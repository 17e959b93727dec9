// Width and height of a PNG, GIF, JPEG or WebP read from its header, without decoding it: the
// server and the console check an avatar's dimensions with it (ADR 011). No image library is
// installed, and these four headers are short and fixed (PNG IHDR, GIF logical screen, JPEG SOFn,
// WebP VP8 / VP8L / VP8X).

export interface ImageDimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

function png(b: Uint8Array): ImageDimensions | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageDimensions | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but not the layout.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) return at + 8 < b.length ? { width: u16be(b, at + 7), height: u16be(b, at + 5) } : null;
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageDimensions | null {
  if (b.length < 30) return null;
  switch (ascii(b, 12, 4)) {
    case 'VP8 ':
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    case 'VP8L': {
      if (b[20] !== 0x2f) return null;
      const [b1, b2, b3, b4] = [b[21]!, b[22]!, b[23]!, b[24]!];
      return { width: 1 + (((b2 & 0x3f) << 8) | b1), height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)) };
    }
    case 'VP8X':
      return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
    default:
      return null;
  }
}

/** The dimensions in an image's header, or null when it is none of the four types or cut short. */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length >= 8 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a) return png(bytes);
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return gif(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  return null;
}
