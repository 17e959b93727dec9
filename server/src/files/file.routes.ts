import { FILE_LINK_QUERY, OperationType, fileIdPathSchema, fileLinkQuerySchema, fileMetaSchema, ServerCode } from '@ptt/contracts';
import { bearerToken } from '../auth/bearer';
import { AppError } from '../http/app-error';
import { notFound, requirePermission } from '../http/caller';
import { clientInfo, defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { writeOperation } from '../records/operation-log';
import { toFileMeta } from './file-store';
import { receiveUpload } from './upload';

// Shown in the browser (img, audio, video tags); everything else is downloaded as an attachment.
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|audio\/|video\/)/;

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileRoutes({ db, auth, files }: ModuleDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/files',
      summary: 'Upload one file (multipart field `file`) within the enterprise file size quota',
      tag: 'files',
      auth: 'file.upload',
      upload: true,
      response: fileMetaSchema,
      audits: [OperationType.FileUpload],
      async handler({ req, caller }) {
        const stored = await receiveUpload(req, caller, files, db);
        await writeOperation(db, caller, OperationType.FileUpload, { fileId: stored.id, name: stored.name, size: stored.size });
        return toFileMeta(stored);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/files/:id/meta',
      summary: 'Metadata of one file of the enterprise',
      tag: 'files',
      auth: 'file.read',
      params: fileIdPathSchema,
      response: fileMetaSchema,
      async handler({ params, caller }) {
        const f = await files.find(caller.entId, params.id);
        if (!f) throw notFound('file');
        return toFileMeta(f);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/files/:id',
      summary:
        'Download one file: Bearer token, or a signed URL `?l=<file link>&x=<expiry>&s=<signature>` for img, audio and video tags and links (ADR 012). ' +
        'A session token in the URL is not accepted',
      tag: 'files',
      // Authenticated inside: a signed URL has no header, which the generic guard would demand.
      auth: 'public',
      params: fileIdPathSchema,
      query: fileLinkQuerySchema,
      raw: 'application/octet-stream',
      async handler({ params, query, req, reply }) {
        const bearer = bearerToken(req);
        const session = bearer
          ? await auth.authenticate(bearer)
          : await auth.authenticateFileLink(params.id, query[FILE_LINK_QUERY.link], query[FILE_LINK_QUERY.expiry], query[FILE_LINK_QUERY.signature]);
        const caller = { ...session, ...clientInfo(req) };
        requirePermission(caller, 'file.read');
        const f = await files.find(caller.entId, params.id);
        if (!f) throw notFound('file');
        let stream;
        try {
          stream = await files.openStream(f);
        } catch {
          throw new AppError(ServerCode.DataOperationFailed, { reason: 'file content missing' });
        }
        const inline = INLINE.test(f.mime);
        return reply
          .header('content-type', f.mime)
          .header('content-length', String(f.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', f.name))
          .send(stream);
      },
    }),
  ];
}
