import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const END_MIN = 22;
const COMMENT_MAX = 0xffff;

export type ZipVerdict = 'xlsx' | 'notXlsx' | 'tooLarge';

/**
 * Checks an upload before exceljs unpacks it. An xlsx is a zip holding `[Content_Types].xml` and
 * `xl/workbook.xml`; anything else (csv, old .xls, a docx, an encrypted workbook) is 'notXlsx'.
 * Every entry is inflated here with its output bounded by the size the directory declares, and
 * the declared sizes must stay under `maxUnpacked`, so a zip bomb is refused before the parser
 * allocates anything.
 */
export async function inspectZip(buf: Buffer, maxUnpacked: number): Promise<ZipVerdict> {
  if (buf.length < END_MIN || buf.readUInt32LE(0) !== LOCAL_HEADER) return 'notXlsx';
  let end = -1;
  for (let i = buf.length - END_MIN; i >= Math.max(0, buf.length - END_MIN - COMMENT_MAX); i--) {
    if (buf.readUInt32LE(i) === END_OF_CENTRAL) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'notXlsx';
  const entries = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const names = new Set<string>();
  let total = 0;
  try {
    for (let n = 0; n < entries; n++) {
      if (buf.readUInt32LE(p) !== CENTRAL_HEADER) return 'notXlsx';
      const method = buf.readUInt16LE(p + 10);
      const packed = buf.readUInt32LE(p + 20);
      const size = buf.readUInt32LE(p + 24);
      const nameLen = buf.readUInt16LE(p + 28);
      const local = buf.readUInt32LE(p + 42);
      names.add(buf.toString('utf8', p + 46, p + 46 + nameLen));
      total += size;
      if (total > maxUnpacked) return 'tooLarge';
      if (buf.readUInt32LE(local) !== LOCAL_HEADER) return 'notXlsx';
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + packed);
      if (data.length !== packed) return 'notXlsx';
      if (method === 8) {
        // Throws when the entry inflates beyond what it declares.
        const out = await inflateRawAsync(data, { maxOutputLength: Math.max(size, 1) });
        if (out.length !== size) return 'notXlsx';
      } else if (method !== 0 || packed !== size) {
        return 'notXlsx';
      }
      p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    }
  } catch {
    // Truncated directory, bad deflate data or an entry larger than declared.
    return 'notXlsx';
  }
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml') ? 'xlsx' : 'notXlsx';
}
