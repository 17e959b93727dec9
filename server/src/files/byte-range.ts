/** First and last byte (both included) of a satisfiable range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range of a `Range: bytes=...` header that we serve (RFC 9110 14.2), or null to send the
 * whole file with 200: no header, another unit, several ranges, a malformed or an unsatisfiable
 * one (a server may ignore Range). Media elements need it: without 206 answers Chromium streams an
 * Ogg recording and cannot read its length (duration Infinity, no seeking).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || size === 0) return null;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const n = Number(last);
    if (n === 0) return null;
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return null;
  return { start, end };
}
