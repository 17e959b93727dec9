import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import FileType from 'file-type';
import { ServerCode, toStorableText, type FileMeta } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { iso } from '../db/sql';
import { AppError } from '../http/app-error';

const SNIFF_BYTES = 4100;
const NAME_MAX = 120;

export interface StoredFile {
  id: string;
  entId: number;
  name: string;
  mime: string;
  size: number;
  createdAt: string;
}

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/** A display name from whatever the client sent: no directories, no control characters, bounded. */
/** The request ended before the file did: 400/2004, the client's mistake. */
export class UploadCutShortError extends AppError {
  constructor() {
    super(ServerCode.ParameterError, { reason: 'the upload ended before its file did' });
  }
}

/** Document and script types (xml, svg, html, javascript, and any `+xml`); not xlsx's openxmlformats. */
export const ACTIVE_TYPE = /(^|\/|\+)(xml|svg|html|xhtml|javascript|ecmascript)\b/i;

export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/^\.+/, '').trim();
  return toStorableText((clean || 'file').slice(0, NAME_MAX));
}

export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

export function toFileMeta(f: StoredFile): FileMeta {
  return { id: f.id, name: f.name, mime: f.mime, size: f.size, createdAt: f.createdAt, url: fileUrl(f.id) };
}

/**
 * Bytes on disk under `<dir>/<entId>/<id>`, metadata in the `files` table. The type is sniffed from
 * the first bytes; anything unrecognised is application/octet-stream and is only ever downloaded.
 * A write is flushed to disk (fsync) before the upload is acknowledged.
 */
export class FileStore {
  constructor(
    private readonly db: Queryable,
    readonly dir: string,
  ) {}

  async save(opts: { entId: number; uploaderId: number; name: string; stream: Readable; maxBytes: number; q?: Queryable }): Promise<StoredFile> {
    const id = randomBytes(18).toString('base64url');
    const entDir = path.join(this.dir, String(opts.entId));
    await mkdir(entDir, { recursive: true });
    // A form that ends before its file does (truncated multipart) destroys the part's stream
    // without an error; piped after that, it would never finish and the request would hang.
    if (opts.stream.destroyed && !opts.stream.readableEnded) throw new UploadCutShortError();
    const tmp = path.join(entDir, `.${id}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > opts.maxBytes) return done(new FileTooLargeError());
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(opts.stream, meter, createWriteStream(tmp, { flags: 'wx' }));
      // multipart truncates silently at its own limit; treat that as too large as well.
      if ((opts.stream as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError();
      const fh = await open(tmp, 'r');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path.join(entDir, id));
    } catch (err) {
      await rm(tmp, { force: true });
      if ((err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') throw new UploadCutShortError();
      throw err;
    }
    const sniffed = await FileType.fromBuffer(head);
    // A type a browser renders as a document or runs is stored as unknown: an SVG with an XML
    // prolog sniffs as application/xml, and must never be served as such.
    const mime = sniffed && !ACTIVE_TYPE.test(sniffed.mime) ? sniffed.mime : 'application/octet-stream';
    const name = safeFileName(opts.name);
    const r = await (opts.q ?? this.db).query<{ createdAt: string }>(
      `insert into files (id, ent_id, uploader_id, name, mime, size, sha256) values ($1, $2, $3, $4, $5, $6, $7)
       returning ${iso('created_at')} as "createdAt"`,
      [id, opts.entId, opts.uploaderId, name, mime, size, hash.digest('hex')],
    );
    return { id, entId: opts.entId, name, mime, size, createdAt: r.rows[0]!.createdAt };
  }

  /** The file of this enterprise, or null (another enterprise's id is simply not found). */
  async find(entId: number, id: string): Promise<StoredFile | null> {
    const r = await this.db.query<StoredFile>(
      `select id, ent_id as "entId", name, mime, size,
              ${iso('created_at')} as "createdAt"
         from files where id = $1 and ent_id = $2`,
      [id, entId],
    );
    return r.rows[0] ?? null;
  }

  /** The file's bytes, all of them or `range` (first and last byte, both included). */
  async openStream(f: StoredFile, range?: { start: number; end: number } | null): Promise<Readable> {
    const p = path.join(this.dir, String(f.entId), f.id);
    await stat(p);
    return createReadStream(p, range ? { start: range.start, end: range.end } : undefined);
  }
}
