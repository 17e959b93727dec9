import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { OperationType, ServerCode, type FileMeta } from '@ptt/contracts';
import { writeOperation } from '../audit/operation-log';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, type Caller } from '../http/caller';
import { byteRange, type ByteRange } from './byte-range';
import { toFileMeta, type FileStore, type StoredFile } from './file-store';
import { receiveUpload } from './upload';

/** Uploads (audited, within the enterprise's quota) and reads of the enterprise's files. */
export class FileService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  async upload(caller: Caller, req: FastifyRequest): Promise<FileMeta> {
    const stored = await receiveUpload(req, caller, this.store, this.db);
    await writeOperation(this.db, caller, OperationType.FileUpload, { fileId: stored.id, name: stored.name, size: stored.size });
    return toFileMeta(stored);
  }

  async meta(caller: Caller, id: string): Promise<FileMeta> {
    return toFileMeta(await this.find(caller, id));
  }

  /** The file and its content; a row whose content is gone answers 2002 rather than a broken stream. */
  /** The file and its bytes; with a Range header it can serve (byte-range.ts), only those. */
  async open(caller: Caller, id: string, rangeHeader?: string): Promise<{ file: StoredFile; stream: Readable; range: ByteRange | null }> {
    const file = await this.find(caller, id);
    const range = byteRange(rangeHeader, file.size);
    try {
      return { file, stream: await this.store.openStream(file, range), range };
    } catch {
      throw new AppError(ServerCode.DataOperationFailed, { reason: 'file content missing' });
    }
  }

  private async find(caller: Caller, id: string): Promise<StoredFile> {
    const f = await this.store.find(caller.entId, id);
    if (!f) throw notFound('file');
    return f;
  }
}
