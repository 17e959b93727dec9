import http from 'node:http';
import { expect, loginViaApi, test } from '../harness/fixtures';
import { freePort, startServer, type RunningServer } from '../harness/server';

// Issue 25 "the console says what is wrong while it is wrong", in a real browser on a real server:
// a media server (JANUS_URL) that does not answer is named in the service banner until it answers,
// and after a crash (SIGKILL) the console reconnects by itself with the banner still right.

/** Answers Janus's `info` the way Janus does, which is all the status probe asks. */
function fakeJanus(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url?.endsWith('/info') ? { janus: 'server_info', name: 'Janus', version_string: 'fake' } : { janus: 'error' }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let server: RunningServer;
let janusPort: number;
let janus: http.Server | null = null;

test.beforeAll(async () => {
  janusPort = await freePort();
  server = await startServer({ env: { JANUS_URL: `http://127.0.0.1:${janusPort}/janus` } });
});
test.afterAll(async () => {
  janus?.close();
  await server?.stop();
});

test('names an unreachable media server until it answers, and stays right through a server crash', async ({ page }) => {
  await loginViaApi(page, server.baseURL, 'dispatcher1');
  await page.goto(`${server.baseURL}/main/dispatch`);
  const banner = page.getByTestId('service-banner');
  const status = page.getByTestId('connection-status');
  await expect(banner).toContainText('The server cannot reach the media server', { timeout: 15_000 });
  await expect(banner).toHaveAttribute('role', 'alert');

  // Janus answers: the banner goes by itself (quick polls while something is down).
  janus = await fakeJanus(janusPort);
  await expect(banner).toBeHidden({ timeout: 15_000 });

  await server.crash();
  await expect(status).toHaveText(/^Disconnected, reconnecting \(attempt \d+\)$/, { timeout: 10_000 });
  await server.start();
  await expect(status).toHaveText('Connected', { timeout: 30_000 });
  await expect(banner).toBeHidden();
});
