import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BrowserLibs } from './libs';
import { handsetMediaPage, type PageConfig } from './page';

// Serves the handset media page to the simulator's own Chromium on 127.0.0.1: the page, janus.js
// and webrtc-adapter, a control socket to the simulator, and /janus relayed to the server's
// /janus proxy, so the page and its Janus API share one origin (the server's proxy checks every
// request's session token, as for any client; the relay adds nothing). The page's address carries
// a random secret, and only one control socket is taken.

const RELAY_LIMIT_MS = 65_000; // longer than a janus.js long poll (30 s) and the server's wait

export interface PageHost {
  /** The page's address (with its secret). */
  url: string;
  /** Resolves with the control socket once the page connected. */
  connected: Promise<WebSocket>;
  close(): Promise<void>;
}

function pageHtml(config: PageConfig): string {
  // tsx (npm run simulate) wraps named functions in __name(); the page has no such helper.
  return `<!doctype html><html><head><meta charset="utf-8"><title>PTT simulated handsets</title>
<script>var __name = function (f) { return f; };</script>
<script src="/adapter.js"></script>
<script type="module">
import Janus from '/janus.es.js';
window.Janus = Janus;
(${handsetMediaPage.toString()})(${JSON.stringify(config)});
</script></head><body></body></html>`;
}

/** Forwards one request to `<server>/janus...` and its answer back, unchanged. */
function relay(serverUrl: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), RELAY_LIMIT_MS);
    res.on('close', () => abort.abort());
    fetch(`${serverUrl}${req.url ?? '/janus'}`, {
      method: req.method,
      headers: { 'content-type': 'application/json', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) },
      ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      signal: abort.signal,
    })
      .then(async (r) => {
        const body = await r.text();
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' }).end(body);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"janus":"error","error":{"code":490,"reason":"the server did not answer"}}');
        else res.destroy();
      })
      .finally(() => clearTimeout(timer));
  });
}

export async function startPageHost(serverUrl: string, libs: BrowserLibs): Promise<PageHost> {
  const secret = randomBytes(18).toString('base64url');
  const files: Record<string, string> = {
    '/janus.es.js': readFileSync(libs.janusJs, 'utf8'),
    '/adapter.js': readFileSync(libs.adapterJs, 'utf8'),
  };
  let html = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page');
    if (url.pathname === '/janus' || url.pathname.startsWith('/janus/')) return relay(serverUrl, req, res);
    if (url.pathname === '/' && url.searchParams.get('s') === secret) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
      return;
    }
    const file = files[url.pathname];
    if (file !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(file);
      return;
    }
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  let resolveConnected: (ws: WebSocket) => void = () => undefined;
  const connected = new Promise<WebSocket>((resolve) => (resolveConnected = resolve));
  let taken = false;
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://page');
    if (url.pathname !== '/control' || url.searchParams.get('s') !== secret || taken) {
      socket.destroy();
      return;
    }
    taken = true;
    wss.handleUpgrade(req, socket, head, (ws) => resolveConnected(ws));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  html = pageHtml({ control: `ws://127.0.0.1:${port}/control?s=${secret}` });
  return {
    url: `http://127.0.0.1:${port}/?s=${secret}`,
    connected,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
