import { janusCheckSchema, serverTimeSchema } from '@ptt/contracts';
import type { JanusCheck } from '@ptt/contracts';
import { readJanusUrl } from '../config';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { probeJanus } from './janus-probe';

/** How long one Janus probe's answer serves every caller. */
export const JANUS_CHECK_REUSE_MS = 3_000;

/**
 * /main/test: the server's clock (for the clock skew and the REST round trip) and the media
 * server's reachability, which only the server can check (Janus's HTTP API is not for browsers).
 * The /ws2 round trip is measured on the socket's own ping.
 */
export function diagnosticsRoutes(deps: ModuleDeps, janusUrl: string | undefined = readJanusUrl()): RouteDef[] {
  const tag = 'diagnostics';
  // Every role may run the check: many consoles pressing "Run again" share one probe at a time and
  // its answer for a few seconds, so nobody can make the server hammer Janus.
  let shared: { at: number; answer: Promise<JanusCheck> } | null = null;
  const janusCheck = (): Promise<JanusCheck> => {
    const now = Date.now();
    // The Janus PTT uses (started by the server, or external) first; JANUS_URL alone otherwise.
    // `info` needs no API secret. Read per probe: a restarted Janus may listen on another port.
    const url = deps.media?.janusUrl ?? janusUrl;
    if (!shared || now - shared.at > JANUS_CHECK_REUSE_MS) shared = { at: now, answer: probeJanus(url) };
    return shared.answer;
  };
  return [
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
      handler: janusCheck,
    }),
  ];
}
