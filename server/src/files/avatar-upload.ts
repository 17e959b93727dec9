import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import FileType from 'file-type';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, AVATAR_MIME_TYPES, ServerCode, imageDimensions } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { ruleError, type Caller } from '../http/caller';
import { UploadCutShortError, type FileStore, type StoredFile } from './file-store';
import { maxFileBytes } from './upload';

/**
 * Reads an avatar upload (the `file` part) into memory, at most AVATAR_MAX_BYTES (or the smaller
 * enterprise quota), and stores it only once it passed every check (ADR 011): an image of the
 * avatar types whose header says at most AVATAR_MAX_SIDE_PX a side. Nothing resizes it, so a
 * bigger file or image is refused with 1005 'The file is too large'; a refused avatar stores nothing.
 */
export async function receiveAvatar(req: FastifyRequest, caller: Caller, store: FileStore, db: Queryable): Promise<StoredFile> {
  if (!req.isMultipart()) throw new AppError(ServerCode.ParameterError, { reason: 'multipart/form-data with a file field is required' });
  const max = Math.min(await maxFileBytes(db, caller.entId), AVATAR_MAX_BYTES);
  const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10 } });
  if (!part) throw new AppError(ServerCode.ParameterError, { reason: 'no file in the request' });
  const chunks: Buffer[] = [];
  // multipart stops at the limit (discarding the rest) and marks the stream truncated.
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch {
    // The request ended before the file did (a truncated form): the client's mistake, not ours.
    throw new UploadCutShortError();
  }
  if (part.file.truncated) throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxBytes: max });
  const bytes = Buffer.concat(chunks);
  const mime = (await FileType.fromBuffer(bytes))?.mime;
  const size = imageDimensions(bytes);
  if (!mime || !(AVATAR_MIME_TYPES as readonly string[]).includes(mime) || !size) {
    throw ruleError(ServerCode.ParameterError, 'fileTypeNotAllowed', { allowed: AVATAR_MIME_TYPES });
  }
  if (size.width > AVATAR_MAX_SIDE_PX || size.height > AVATAR_MAX_SIDE_PX) {
    throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxSidePx: AVATAR_MAX_SIDE_PX });
  }
  return store.save({ entId: caller.entId, uploaderId: caller.userId, name: part.filename, stream: Readable.from([bytes]), maxBytes: max });
}
