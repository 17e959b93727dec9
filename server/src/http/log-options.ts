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

// Request headers that carry credentials, wherever a plugin logs a request's headers: at trace,
// @fastify/multipart logs the busboy options with every header of an upload (issue 25 found the
// Bearer token there).
const SECRET_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const REDACTED_PATHS = SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]);

/** The server's logger options: the level from LOG_LEVEL, the redacting request serializer and
 *  the credential headers censored in any logged object. */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, serializers: { req: requestForLog }, redact: { paths: REDACTED_PATHS, censor: '***' }, ...(stream ? { stream } : {}) };
}
