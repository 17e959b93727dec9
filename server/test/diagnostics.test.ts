import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JanusStatus, ServerCode, janusCheckSchema, serverTimeSchema, type JanusCheck, type ServerTime } from '@ptt/contracts';
import { JANUS_CHECK_REUSE_MS } from '../src/diagnostics/janus-check';
import { probeJanus } from '../src/diagnostics/janus-probe';
import { api, createTestApp, loginAs, type TestApp } from './test-app';

/** A small HTTP server on loopback; `answer` decides each response (or never answers). */
async function httpServer(answer: (url: string, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => answer(req.url ?? '', res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

// What Janus's HTTP transport answers to GET /janus/info (abridged).
const JANUS_INFO = { janus: 'server_info', name: 'Janus WebRTC Server', version_string: '1.2.4', transaction: null };

describe('probeJanus', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map(close));
  });
  const start = async (answer: Parameters<typeof httpServer>[0]) => {
    const s = await httpServer(answer);
    servers.push(s.server);
    return s.url;
  };

  it('says not configured without a URL', async () => {
    expect(await probeJanus(undefined)).toEqual({ status: JanusStatus.NotConfigured, latencyMs: null, error: null, server: null });
  });

  it("reports a real server_info answer as reachable, with its latency and version", async () => {
    const seen: string[] = [];
    const url = await start((path, res) => {
      seen.push(path);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(JANUS_INFO));
    });
    const check = janusCheckSchema.parse(await probeJanus(`${url}/janus/`));
    expect(check).toMatchObject({ status: JanusStatus.Reachable, error: null, server: 'Janus WebRTC Server 1.2.4' });
    expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen).toEqual(['/janus/info']);
  });

  it.each<[string, Parameters<typeof httpServer>[0], RegExp]>([
    ['an HTTP error', (_p, res) => res.writeHead(502).end('bad gateway'), /^HTTP 502$/],
    ['a page that is not JSON', (_p, res) => res.end('<html>hello</html>'), /not JSON/],
    ['JSON that is not Janus', (_p, res) => res.end('{"status":"ok"}'), /not a Janus server_info/],
  ])('reports %s as unreachable with the reason', async (_label, answer, reason) => {
    const check: JanusCheck = await probeJanus(await start(answer));
    expect(check.status).toBe(JanusStatus.Unreachable);
    expect(check.error).toMatch(reason);
  });

  it('reports a refused connection and a silent server as unreachable', async () => {
    const { url, server } = await httpServer(() => undefined);
    await close(server);
    expect(await probeJanus(url)).toMatchObject({ status: JanusStatus.Unreachable, error: 'ECONNREFUSED' });
    const silent = await start(() => undefined);
    expect(await probeJanus(silent, 200)).toMatchObject({ status: JanusStatus.Unreachable, error: 'no answer within 200 ms' });
  });
});

describe('diagnostics routes', () => {
  let t: TestApp;
  let janus: { url: string; server: Server };
  let probes = 0;

  beforeAll(async () => {
    janus = await httpServer((_p, res) => {
      probes += 1;
      res.end(JSON.stringify(JANUS_INFO));
    });
    t = await createTestApp('pglite', { env: { JANUS_URL: `${janus.url}/janus` } });
  });
  afterAll(async () => {
    await t?.close();
    await close(janus.server);
  });

  it("answers the server's clock to any role", async () => {
    const member = (await loginAs(t.app, 'member1')).auth_token;
    const sent = Date.now();
    const r = await api<ServerTime>(t.app, 'GET', '/api/diagnostics/time', member);
    const { serverTime } = serverTimeSchema.parse(r.body.data);
    expect(serverTime).toBeGreaterThanOrEqual(sent);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
    expect((await api(t.app, 'GET', '/api/diagnostics/time', null)).body.code).toBe(ServerCode.AuthorizationFailed);
  });

  it('checks the Janus of JANUS_URL', async () => {
    const member = (await loginAs(t.app, 'member2')).auth_token;
    const r = await api<JanusCheck>(t.app, 'GET', '/api/diagnostics/janus', member);
    expect(janusCheckSchema.parse(r.body.data)).toMatchObject({ status: JanusStatus.Reachable, server: 'Janus WebRTC Server 1.2.4' });
  });

  it('lets callers in quick succession share one probe of Janus', async () => {
    const member = (await loginAs(t.app, 'member3')).auth_token;
    await new Promise((r) => setTimeout(r, JANUS_CHECK_REUSE_MS + 50));
    const start = probes;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => api<JanusCheck>(t.app, 'GET', '/api/diagnostics/janus', member)));
    for (const r of answers) expect(janusCheckSchema.parse(r.body.data).status).toBe(JanusStatus.Reachable);
    expect(probes - start).toBe(1);
  });
});
