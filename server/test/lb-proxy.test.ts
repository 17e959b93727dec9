import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { startLoadBalancer, type LoadBalancer } from './lb-proxy';

// The test load balancer itself (lb-failover.test.ts and bench/scale-out.bench.mjs stand on it),
// in front of two small echo servers: round robin, X-Forwarded-For, WebSocket tunnels, a dead node
// dropped (refused connects go to the other), a failed health check ends the node's tunnels.

interface Echo {
  name: string;
  server: http.Server;
  base: string;
  healthy: boolean;
  close(): Promise<void>;
}

async function echo(name: string): Promise<Echo> {
  const e = { name, healthy: true } as Echo;
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(e.healthy ? 200 : 503).end();
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, xff: req.headers['x-forwarded-for'], body })));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    ws.send(JSON.stringify({ name, xff: req.headers['x-forwarded-for'], url: req.url }));
    ws.on('message', (m: Buffer) => ws.send(`${name}:${m.toString()}`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  e.server = server;
  e.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  e.close = () => {
    for (const c of wss.clients) c.terminate();
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return e;
}

const post = async (url: string, body: string) => (await (await fetch(url, { method: 'POST', body })).json()) as { name: string; xff: string; body: string };

function open(url: string): Promise<{ ws: WebSocket; hello: { name: string; xff: string; url: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('message', (m: Buffer) => resolve({ ws, hello: JSON.parse(m.toString()) as { name: string; xff: string; url: string } }));
    ws.once('error', reject);
  });
}

describe('the test load balancer', () => {
  let a: Echo;
  let b: Echo;
  let lb: LoadBalancer;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([echo('a'), echo('b')]);
    lb = await startLoadBalancer({ backends: [a.base, b.base], healthIntervalMs: 50 });
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await lb.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startLoadBalancer({ backends: [a.base], host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('takes turns, forwards bodies and adds X-Forwarded-For', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(async (i) => post(`${lb.url}/x`, `body ${i}`)));
    expect(answers.map((x) => x.name).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(answers.map((x) => x.body).sort()).toEqual(['body 1', 'body 2', 'body 3', 'body 4']);
    for (const x of answers) expect(x.xff).toBe('127.0.0.1');
    const chained = (await (await fetch(`${lb.url}/x`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).json()) as { xff: string };
    expect(chained.xff).toBe('203.0.113.7, 127.0.0.1');
  });

  it('tunnels WebSockets to both nodes, with the path, query and X-Forwarded-For', async () => {
    const opened = await Promise.all([1, 2].map(() => open(`${lb.wsUrl}?at=t1`)));
    sockets.push(...opened.map((o) => o.ws));
    expect(opened.map((o) => o.hello.name).sort()).toEqual(['a', 'b']);
    expect(opened[0]!.hello).toMatchObject({ url: '/ws2?at=t1', xff: '127.0.0.1' });
    const reply = await new Promise<string>((r) => {
      opened[0]!.ws.once('message', (m: Buffer) => r(m.toString()));
      opened[0]!.ws.send('ping');
    });
    expect(reply).toBe(`${opened[0]!.hello.name}:ping`);
    expect(lb.backends().map((x) => x.tunnels)).toEqual([1, 1]);
    expect(lb.routes().map((r) => r.path)).toEqual(['/ws2?at=t1', '/ws2?at=t1']);
  });

  it('ends the tunnels of a node whose health check fails, and sends everyone to the other', async () => {
    const onA = await open(lb.wsUrl).then(async (o) => (o.hello.name === 'a' ? o : (sockets.push(o.ws), open(lb.wsUrl))));
    sockets.push(onA.ws);
    expect(onA.hello.name).toBe('a');
    const closed = new Promise((r) => onA.ws.once('close', r));
    a.healthy = false;
    await closed;
    expect(lb.backends()[0]).toMatchObject({ healthy: false, tunnels: 0 });
    const names = await Promise.all([1, 2, 3].map(async () => (await post(`${lb.url}/x`, '')).name));
    expect(names).toEqual(['b', 'b', 'b']);
    a.healthy = true;
    const back = Date.now();
    while (!lb.backends()[0]!.healthy && Date.now() - back < 5_000) await new Promise((r) => setTimeout(r, 20));
    expect(lb.backends()[0]!.healthy).toBe(true);
  });

  it('keeps the last node standing when its health check fails, and drops it once it is dead', async () => {
    const c = await echo('c');
    const single = await startLoadBalancer({ backends: [c.base], healthIntervalMs: 30 });
    try {
      const o = await open(single.wsUrl);
      sockets.push(o.ws);
      c.healthy = false;
      const until = Date.now() + 2_000;
      while (single.stats.spared < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(single.stats.spared).toBeGreaterThanOrEqual(3);
      expect(single.backends()[0]).toMatchObject({ healthy: true, tunnels: 1 });
      expect((await post(`${single.url}/x`, '')).name).toBe('c');
      await c.close();
      const gone = Date.now() + 2_000;
      while (single.backends()[0]!.healthy && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
      expect(single.backends()[0]!.healthy).toBe(false);
    } finally {
      await single.close();
      await c.close().catch(() => undefined);
    }
  });

  it('retries a refused connect on the other node at once, before any health check noticed', async () => {
    const slow = await startLoadBalancer({ backends: [a.base, b.base], healthIntervalMs: 60_000 });
    try {
      await a.close();
      const names = await Promise.all([1, 2, 3, 4].map(async () => (await post(`${slow.url}/x`, '')).name));
      expect(names).toEqual(['b', 'b', 'b', 'b']);
      const ws = await open(slow.wsUrl);
      sockets.push(ws.ws);
      expect(ws.hello.name).toBe('b');
      expect(slow.stats.retried).toBeGreaterThanOrEqual(1);
      expect(slow.backends()[0]!.healthy).toBe(false);
    } finally {
      await slow.close();
    }
  });
});
