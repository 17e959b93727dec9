import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMBED_QUERY, REMOTE_NAMES, REMOTES_CONFIG_PATH, type RemoteName } from '@ptt/contracts';
import { allowFraming } from '../http/security-headers';

export interface StaticOptions {
  staticDir: string;
  remotesDir: string;
  remoteUrls: Record<RemoteName, string>;
  /** The origins that may embed an organisation's SOS page (ADR 025); none when absent. */
  embedOrigins?: (entId: number) => Promise<string[]>;
}

// Entry points decide which build a browser loads; they must be revalidated every time.
const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);
// Never a console page: a wrong path there is a 404, not the shell (a GET /janus/1/2 answered with
// index.html, found by test/fuzz-janus-tiles.test.ts).
const RESERVED_PREFIXES = ['/api', '/ws2', '/remotes', '/config', '/janus', '/tiles'];
const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PTT console: no build</title></head>
<body><h1>The web console has not been built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>) at the repository root, then reload.</p>
</body></html>`;

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The file under `root` for a URL path, or null when it escapes root or is not a regular file. */
async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    const s = await stat(full);
    return s.isFile() ? path.relative(root, full) : null;
  } catch {
    return null;
  }
}

function send(reply: FastifyReply, root: string, relative: string): FastifyReply {
  if (NO_CACHE_FILES.has(path.basename(relative))) reply.header('cache-control', 'no-cache');
  // Our own Cache-Control wins over send's default for entry points.
  return reply.sendFile(relative, root, { cacheControl: !NO_CACHE_FILES.has(path.basename(relative)) });
}

/**
 * The SOS page's document asked for with `?ent=<id>` may be framed by that organisation's
 * embedding origins. A failing look-up leaves the page unframeable, never unserved.
 */
async function allowEmbedding(req: FastifyRequest, reply: FastifyReply, opts: StaticOptions): Promise<void> {
  const ent = (req.query as Record<string, unknown> | undefined)?.[EMBED_QUERY.ent];
  if (!opts.embedOrigins || typeof ent !== 'string' || !/^[1-9]\d{0,9}$/.test(ent) || Number(ent) > 2_147_483_647) return;
  try {
    allowFraming(reply, await opts.embedOrigins(Number(ent)));
  } catch (err) {
    req.log.warn({ err }, 'embedding origins could not be read');
  }
}

/** `/config/remotes.json`, `/remotes/<name>/*` (fresh from disk) and the host SPA with fallback. */
export async function registerStatic(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  // serve: false: we only want reply.sendFile; every read goes to disk, so replaced files show at once.
  await app.register(fastifyStatic, { serve: false });
  const staticRoot = path.resolve(opts.staticDir);
  const remotesRoot = path.resolve(opts.remotesDir);

  app.get(REMOTES_CONFIG_PATH, (_req, reply) => {
    return reply.header('cache-control', 'no-cache').send({ ...opts.remoteUrls });
  });

  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (req, reply) => {
    const name = req.params.name;
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) return reply.code(404).type('text/plain').send('Not found');
    const root = path.join(remotesRoot, name, 'dist');
    const file = await resolveFile(root, req.params['*'] || 'index.html');
    if (!file) return reply.code(404).type('text/plain').send('Not found');
    if (name === 'sos' && file === 'index.html') await allowEmbedding(req, reply, opts);
    return send(reply, root, file);
  });

  const spa = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (isReserved(pathname)) {
      reply.callNotFound();
      return reply;
    }
    const file = await resolveFile(staticRoot, pathname);
    if (file) return send(reply, staticRoot, file);
    // Pages link /favicon.svg; browsers and tools that ask for /favicon.ico get the same picture.
    if (pathname === '/favicon.ico' && (await resolveFile(staticRoot, 'favicon.svg'))) {
      return send(reply.type('image/svg+xml'), staticRoot, 'favicon.svg');
    }
    // A missing asset must stay a 404: answering HTML for a .js file only hides the real error.
    if (path.posix.extname(pathname) !== '') return reply.code(404).type('text/plain').send('Not found');
    // Any other path is a client-side route (/main/dispatch after a reload): answer the shell.
    if (await resolveFile(staticRoot, 'index.html')) return send(reply, staticRoot, 'index.html');
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(NO_BUILD_PAGE);
  };
  app.get('/', spa);
  app.get('/*', spa);
}
