import { FILE_LINK_QUERY, OperationType, fileIdPathSchema, fileLinkQuerySchema, fileMetaSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

// Shown in the browser (img, audio, video tags); everything else is downloaded as an attachment.
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|audio\/|video\/)/;

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/files',
    summary: 'Upload one file (multipart field `file`) within the enterprise file size quota',
    tag: 'files',
    auth: 'file.upload',
    upload: true,
    response: fileMetaSchema,
    audits: [OperationType.FileUpload],
    handler: ({ req, caller, deps }) => deps.fileService.upload(caller, req),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/files/:id/meta',
    summary: 'Metadata of one file of the enterprise',
    tag: 'files',
    auth: 'file.read',
    params: fileIdPathSchema,
    response: fileMetaSchema,
    handler: ({ params, caller, deps }) => deps.fileService.meta(caller, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/files/:id',
    summary:
      'Download one file: Bearer token, or a signed URL `?l=<file link>&x=<expiry>&s=<signature>` for img, audio and video tags and links (ADR 012). ' +
      'A session token in the URL is not accepted. One byte range (`Range: bytes=a-b`, `a-` or `-n`) answers 206 with Content-Range; other ranges are ignored (200)',
    tag: 'files',
    auth: 'file.read',
    params: fileIdPathSchema,
    query: fileLinkQuerySchema,
    raw: 'application/octet-stream',
    // Tags cannot send a header: without one, the URL's signature stands for the session.
    signedUrl: ({ params, query, deps }) =>
      deps.auth.authenticateFileLink(params.id, query[FILE_LINK_QUERY.link], query[FILE_LINK_QUERY.expiry], query[FILE_LINK_QUERY.signature]),
    async handler({ params, caller, req, reply, deps }) {
      const { file, stream, range } = await deps.fileService.open(caller, params.id, req.headers.range);
      const inline = INLINE.test(file.mime);
      // One byte range when asked for (audio and video elements seek and read the length so).
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      return reply
        .header('content-type', file.mime)
        .header('accept-ranges', 'bytes')
        .header('content-length', String(range ? range.end - range.start + 1 : file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .send(stream);
    },
  }),
];
