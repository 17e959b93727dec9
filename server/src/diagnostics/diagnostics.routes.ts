import { SERVICE_STATUS_PATH, janusCheckSchema, serverTimeSchema, serviceStatusSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

const tag = 'diagnostics';

/**
 * /main/test: the server's clock (for the clock skew and the REST round trip) and the media
 * server's reachability, which only the server can check (Janus's HTTP API is not for browsers).
 * The /ws2 round trip is measured on the socket's own ping.
 */
export const diagnosticsRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    url: '/api/diagnostics/time',
    summary: "The server's clock in ms since the epoch, answered at once",
    tag,
    auth: 'diagnostics.read',
    response: serverTimeSchema,
    handler: () => ({ serverTime: Date.now() }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/diagnostics/janus',
    summary: 'Whether Janus (the one PTT uses, else JANUS_URL) answers `info`: notConfigured, reachable with its latency and version, or unreachable with the error (3 s time-out)',
    tag,
    auth: 'diagnostics.read',
    response: janusCheckSchema,
    handler: ({ deps }) => deps.janusCheck.check(),
  }),
  defineRoute({
    method: 'GET',
    url: SERVICE_STATUS_PATH,
    summary:
      "What the answering node reaches now: database, Redis and Janus, each up, down or notConfigured (2 s per probe, one round shared for 2 s). " +
      "The console's banner polls it. While the database is down this route, like every other, may answer 503/600 with data.reason 'databaseUnavailable'",
    tag,
    auth: 'diagnostics.read',
    response: serviceStatusSchema,
    handler: ({ deps }) => deps.serviceStatus.check(),
  }),
];
