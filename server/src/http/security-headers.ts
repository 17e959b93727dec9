import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MapConfig } from '../maps/map-config.schema';

export interface SecurityHeaderSources {
  /** Tile sources of /config/map.json: their hosts may serve images. */
  map: MapConfig;
  /** Manifest URL per remote: a remote moved to another origin may serve scripts. */
  remoteUrls: Record<string, string>;
}

/**
 * The origin a URL (template) points at, as a CSP source: `https://t{s}.tianditu.gov.cn/...`
 * becomes `https://*.tianditu.gov.cn`, since {s} picks a subdomain. Null for same-origin paths.
 */
export function cspOrigin(url: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/.exec(url);
  if (!m) return null;
  const host = m[2]!.split('.').map((label, i) => (i === 0 && label.includes('{') ? '*' : label)).join('.');
  // A placeholder elsewhere in the host cannot be said in CSP; such a source is left to fail.
  if (/[{}]/.test(host)) return null;
  return `${m[1]}://${host.toLowerCase()}`;
}

function tileOrigins(map: MapConfig): string[] {
  const urls = Object.values(map).flatMap((styles) => Object.values(styles as Record<string, { url: string; overlay?: string }>))
    .flatMap((s) => [s.url, s.overlay ?? '']);
  return urls.map(cspOrigin).filter((o): o is string => o !== null);
}

/**
 * Content-Security-Policy for the console: scripts only from this server (and remotes moved
 * elsewhere), never inline or eval; styles inline because Fluent UI (Griffel) and Leaflet set
 * them at run time; images from here, data: (captchas, icons), blob: (avatar previews) and the
 * tile hosts; no plugins; framed only by our own pages, plus `frameAncestors` (the embedded SOS
 * page's organisation's list, ADR 025).
 */
export function contentSecurityPolicy(sources: SecurityHeaderSources, frameAncestors: readonly string[] = []): string {
  const remotes = Object.values(sources.remoteUrls).map(cspOrigin).filter((o): o is string => o !== null);
  const list = (...items: string[]) => [...new Set(items)].join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': list("'self'", ...remotes),
    'style-src': list("'self'", "'unsafe-inline'", ...remotes),
    'img-src': list("'self'", 'data:', 'blob:', ...tileOrigins(sources.map), ...remotes),
    'font-src': list("'self'", 'data:', ...remotes),
    // 'self' covers ws:/wss: to this host (CSP Level 3), i.e. /ws2.
    'connect-src': list("'self'", ...remotes),
    'media-src': list("'self'", 'blob:'),
    'worker-src': list("'self'", 'blob:'),
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': list("'self'", ...frameAncestors),
  };
  return Object.entries(directives).map(([k, v]) => `${k} ${v}`).join('; ');
}

// Answers that other sites may frame, and by whom (set by the static routes for the SOS page).
const framing = new WeakMap<FastifyReply, string[]>();
// What the settings accept (contracts' originSchema); anything else never reaches the header.
const CSP_ORIGIN = /^https?:\/\/[a-z0-9.:[\]-]+$/;

/**
 * Lets these origins frame this answer (the SOS page embedded in an organisation's own site,
 * ADR 025): `frame-ancestors 'self' <origins>` and no X-Frame-Options, which cannot list origins
 * and would forbid it in browsers that read both.
 */
export function allowFraming(reply: FastifyReply, origins: readonly string[]): void {
  const allowed = origins.filter((o) => CSP_ORIGIN.test(o));
  if (allowed.length > 0) framing.set(reply, allowed);
}

/** Adds the browser security headers to every answer: pages, remotes, files and /api alike. */
export function installSecurityHeaders(app: FastifyInstance, sources: SecurityHeaderSources): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(sources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    // Older browsers that ignore frame-ancestors.
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(self), payment=()',
  };
  app.addHook('onSend', async (_req, reply, payload) => {
    const ancestors = framing.get(reply);
    const own = ancestors
      ? { ...headers, 'content-security-policy': contentSecurityPolicy(sources, ancestors), 'x-frame-options': null }
      : headers;
    // A route's own policy (downloads: nothing runs) still says who may frame the answer.
    const routeCsp = reply.getHeader('content-security-policy');
    if (typeof routeCsp === 'string' && !routeCsp.includes('frame-ancestors')) {
      reply.header('content-security-policy', `${routeCsp}; frame-ancestors 'self'`);
    }
    for (const [name, value] of Object.entries(own)) {
      if (value !== null && !reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
