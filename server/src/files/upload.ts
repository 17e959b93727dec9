import type { FastifyRequest } from 'fastify';
import { ServerCode } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { ruleError, type Caller } from '../http/caller';
import { FileTooLargeError, type FileStore, type StoredFile } from './file-store';

export async function maxFileBytes(q: Queryable, entId: number): Promise<number> {
  const r = await q.query<{ max: number }>('select max_file_bytes as max from enterprises where id = $1', [entId]);
  return r.rows[0]?.max ?? 0;
}

/**
 * Reads the one `file` part of a multipart request into the store, within the enterprise's file
 * size quota (1005 'The file is too large'). Avatars go through `receiveAvatar` instead.
 */
export async function receiveUpload(
  req: FastifyRequest,
  caller: Caller,
  store: FileStore,
  db: Queryable,
): Promise<StoredFile> {
  if (!req.isMultipart()) throw new AppError(ServerCode.ParameterError, { reason: 'multipart/form-data with a file field is required' });
  const max = await maxFileBytes(db, caller.entId);
  const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10 } });
  if (!part) throw new AppError(ServerCode.ParameterError, { reason: 'no file in the request' });
  try {
    return await store.save({ entId: caller.entId, uploaderId: caller.userId, name: part.filename, stream: part.file, maxBytes: max });
  } catch (err) {
    if (err instanceof FileTooLargeError) throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxBytes: max });
    throw err;
  }
}
