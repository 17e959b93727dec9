import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export type ZipVerdict = 'xlsx' | 'notXlsx' | 'tooLarge';

class TooLarge extends Error {}

function openZip(buf: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

/** Inflates one entry and throws away the bytes; yauzl fails when it inflates beyond its declared size. */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Checks an upload before exceljs unpacks it. An xlsx is a zip holding `[Content_Types].xml` and
 * `xl/workbook.xml`; anything else (csv, old .xls, a docx, an encrypted workbook) is 'notXlsx'.
 * The declared sizes must stay under `maxUnpacked` and every entry is inflated here, with yauzl
 * refusing any entry that grows beyond what it declares, so a zip bomb is refused before the
 * parser allocates anything.
 */
export async function inspectZip(buf: Buffer, maxUnpacked: number): Promise<ZipVerdict> {
  let zip: ZipFile;
  try {
    zip = await openZip(buf);
  } catch {
    return 'notXlsx';
  }
  const names = new Set<string>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        names.add(entry.fileName);
        total += entry.uncompressedSize;
        if (total > maxUnpacked) return reject(new TooLarge());
        openEntry(zip, entry)
          .then(drain)
          .then(() => zip.readEntry())
          .catch(reject);
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch (err) {
    return err instanceof TooLarge ? 'tooLarge' : 'notXlsx';
  } finally {
    zip.close();
  }
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml') ? 'xlsx' : 'notXlsx';
}
