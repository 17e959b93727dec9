// A small load balancer for tests and benches: one loopback address in front of several server
// nodes, as nginx or HAProxy would stand in production (issue 25, scale-out). Round robin over the
// healthy nodes; HTTP requests are forwarded with X-Forwarded-For, WebSocket upgrades are tunnelled
// byte for byte. A node is dropped when its /api/health fails or a connect to it is refused, and
// taken back when /api/health answers again. The last node standing is dropped only when it is dead
// (its connect refused), never for a slow or failing health answer.
//
// Own code rather than http-proxy (1.18.1, in the lockfile through the dev server): that package
// has had no release since 2020, and what is needed here (round robin, health, retry of a refused
// connect, dropping a dead node's tunnels) sits outside it anyway; node:http and node:net suffice.
//
// Like nginx's proxy_next_upstream: a request whose connect was refused (nothing reached the node)
// goes to the next node; a request that failed after it was sent is answered 502, never repeated,
// since it may have been applied. Bodies are buffered for that (tests send small ones).
import http, { type IncomingMessage } from 'node:http';
import net, { type Socket } from 'node:net';

export interface LbBackendState {
  /** http://127.0.0.1:<port> */
  base: string;
  healthy: boolean;
  /** WebSocket tunnels open to it now. */
  tunnels: number;
}

export interface LoadBalancer {
  /** http://<host>:<port> */
  url: string;
  /** ws://<host>:<port>/ws2 */
  wsUrl: string;
  backends(): LbBackendState[];
  /** The open tunnels: the upgrade's path (with its query) and the node it went to. */
  routes(): { path: string; backend: string }[];
  /** Counters since the start: forwarded requests and upgrades, retries after a refused connect,
   *  502s, nodes dropped (by a failed health check or a refused connect), and failed health checks
   *  that did not drop the last node standing. */
  stats: { requests: number; upgrades: number; retried: number; failed: number; dropped: number; spared: number };
  close(): Promise<void>;
}

export interface LoadBalancerOptions {
  /** Base URLs of the nodes, e.g. http://127.0.0.1:3001 (loopback only). */
  backends: string[];
  /** Address to listen on; a loopback address (default 127.0.0.1). */
  host?: string;
  port?: number;
  /** How often each node's /api/health is asked (default 500 ms). */
  healthIntervalMs?: number;
  /** A health answer slower than this counts as a failure (default 2,000 ms). */
  healthTimeoutMs?: number;
  /** Failed health checks in a row that drop a node (default 2: one slow answer from a busy node
   *  must not move all its clients). A refused connect drops it at once. */
  fall?: number;
}

interface Backend {
  base: string;
  host: string;
  port: number;
  healthy: boolean;
  /** Failed health checks in a row. */
  fails: number;
  /** Open WebSocket tunnels: client socket -> the upgrade's path. */
  tunnels: Map<Socket, string>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** X-Forwarded-For as the node should see it: what came in, plus the peer that sent it to us. */
function forwardedFor(req: IncomingMessage): string {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const before = req.headers['x-forwarded-for'];
  const prior = Array.isArray(before) ? before.join(', ') : before;
  return prior ? `${prior}, ${peer}` : peer;
}

export async function startLoadBalancer(opts: LoadBalancerOptions): Promise<LoadBalancer> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`the test load balancer listens on loopback only, not ${host}`);
  const nodes: Backend[] = opts.backends.map((base) => {
    const u = new URL(base);
    if (!isLoopback(u.hostname)) throw new Error(`backend ${base} is not on loopback`);
    return { base: u.origin, host: u.hostname, port: Number(u.port), healthy: true, fails: 0, tunnels: new Map() };
  });
  const stats = { requests: 0, upgrades: 0, retried: 0, failed: 0, dropped: 0, spared: 0 };
  let turn = 0;

  /** The healthy nodes from the next one in turn; every node once, none twice. */
  const order = (): Backend[] => {
    const up = nodes.filter((n) => n.healthy);
    if (up.length === 0) return [];
    const start = turn++ % up.length;
    return [...up.slice(start), ...up.slice(0, start)];
  };

  const markDown = (node: Backend): void => {
    if (!node.healthy) return;
    node.healthy = false;
    stats.dropped += 1;
    // A node that stops answering keeps its TCP connections only if it hangs rather than dies:
    // end its tunnels so its clients reconnect to another node (HAProxy's shutdown-sessions).
    for (const s of node.tunnels.keys()) s.destroy();
  };

  const refused = (err: NodeJS.ErrnoException): boolean => err.code === 'ECONNREFUSED' || err.code === 'EHOSTUNREACH';

  // ------------------------------------------------------------------------------- HTTP requests
  const forward = (req: IncomingMessage, res: http.ServerResponse, body: Buffer, candidates: Backend[]): void => {
    const node = candidates.shift();
    if (!node) {
      stats.failed += 1;
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no healthy backend');
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    headers['x-forwarded-for'] = forwardedFor(req);
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    headers['content-length'] = String(body.length);
    let sent = false;
    const out = http.request({ host: node.host, port: node.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      const back: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) back[k] = v;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('socket', (s) => s.once('connect', () => (sent = true)));
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (!sent && refused(err)) {
        markDown(node);
        stats.retried += 1;
        forward(req, res, body, candidates);
        return;
      }
      stats.failed += 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`backend failed: ${err.code ?? err.message}`);
      else res.destroy();
    });
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    stats.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), order()));
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 5_000;

  // ------------------------------------------------------------------------- WebSocket upgrades
  const tunnel = (req: IncomingMessage, client: Socket, head: Buffer, candidates: Backend[]): void => {
    const node = candidates.shift();
    if (!node) {
      stats.failed += 1;
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: node.host, port: node.port });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.setNoDelay(true);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i]!.toLowerCase() !== 'x-forwarded-for') lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, 'X-Forwarded-Proto: http');
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      node.tunnels.set(client, req.url ?? '');
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && refused(err) && !client.destroyed) {
        markDown(node);
        stats.retried += 1;
        tunnel(req, client, head, candidates);
        return;
      }
      client.destroy();
    });
    // Either side gone: the other goes too (a node killed resets its sockets; the client then
    // sees its WebSocket close and reconnects through us to a live node).
    upstream.on('close', () => {
      if (connected) client.destroy();
    });
    client.on('close', () => {
      node.tunnels.delete(client);
      upstream.destroy();
    });
  };

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    stats.upgrades += 1;
    client.setNoDelay(true);
    client.on('error', () => client.destroy());
    tunnel(req, client, head, order());
  });

  // ------------------------------------------------------------------------------ health checks
  const check = (node: Backend): Promise<void> =>
    new Promise((resolve) => {
      // `dead`: the connect was refused, nothing listens. A slow or failing answer from the last
      // node standing does not take it out (Envoy's panic threshold, nginx keeps its upstream):
      // dropping it ends every client's tunnel with nowhere else to go, and in the 10,000-device
      // failover a busy survivor was dropped that way, with everyone on it (issue 25).
      const done = (ok: boolean, dead = false) => {
        node.fails = ok ? 0 : node.fails + 1;
        const others = nodes.some((n) => n !== node && n.healthy);
        if (ok) node.healthy = true;
        else if (node.fails >= (opts.fall ?? 2)) {
          if (dead || others) markDown(node);
          else if (node.healthy) stats.spared += 1;
        }
        resolve();
      };
      const r = http.get({ host: node.host, port: node.port, path: '/api/health', agent: false, timeout: opts.healthTimeoutMs ?? 2_000 }, (res) => {
        res.resume();
        done(res.statusCode === 200);
      });
      r.on('timeout', () => r.destroy(new Error('health check timed out')));
      r.on('error', (err: NodeJS.ErrnoException) => done(false, refused(err)));
    });
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void Promise.all(nodes.map(check)).finally(() => (checking = false));
  }, opts.healthIntervalMs ?? 500);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A production balancer's accept queue is sized for a reconnect storm (HAProxy and nginx take
    // it from somaxconn or their `backlog`); Node's default 511 dropped a killed node's clients.
    server.listen({ port: opts.port ?? 0, host, backlog: 4096 }, () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  const url = `http://${host}:${address.port}`;
  return {
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/ws2`,
    backends: () => nodes.map((n) => ({ base: n.base, healthy: n.healthy, tunnels: n.tunnels.size })),
    routes: () => nodes.flatMap((n) => [...n.tunnels.values()].map((p) => ({ path: p, backend: n.base }))),
    stats,
    close: async () => {
      clearInterval(timer);
      for (const n of nodes) for (const s of n.tunnels.keys()) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
