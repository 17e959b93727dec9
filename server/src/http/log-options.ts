import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

// Query parameters that are credentials: `at` (the /ws2 session token), `token` (the /janus long
// poll's session token), `s` (a signed file URL's signature, ADR 012; `x` and `l` alone open
// nothing). Their values never reach the log, whatever the level.
const SECRET_QUERY = /([?&](?:at|token|s)=)[^&#]*/gi;

/** The URL as the log may show it: secret query values replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}

/** Fastify's own request serializer, with the URL redacted ('incoming request' lines at info). */
function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/** The server's logger options: the level from LOG_LEVEL and the redacting request serializer. */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, serializers: { req: requestForLog }, ...(stream ? { stream } : {}) };
}
