import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS } from '@ptt/contracts';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { startServer } from '../harness/server';

// /main/test: every check runs against the real server and a real /ws2 socket. Chromium's fake
// media devices give the microphone check a signal (a beep) and the speaker check an output.

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
});

const TEXT = {
  en: {
    heading: 'Test',
    ok: 'OK',
    warning: 'Warning',
    failed: 'Failed',
    // A busy test machine may be slower than the 500 ms warning: either wording is a measurement.
    socket: /^Round trip over \/ws2: \d+ ms(, slower than 500 ms| \(median of 5\))$/,
    rest: /^Round trip over HTTP: \d+ ms(, slower than 500 ms)?$/,
    clock: /^This computer’s clock is -?\d+ ms off the server’s$/,
    janusOff: 'Not configured on the server',
    janusOn: /^Reachable in \d+ ms \(Janus WebRTC Server 1\.2\.4\)$/,
    janusDown: 'Unreachable: ECONNREFUSED',
    runAgain: (name: string) => `Run the ${name} check again`,
    socketName: 'Socket round trip',
    janusName: 'Media server (Janus)',
    micName: 'Microphone',
    speakerName: 'Speaker',
    micLevel: 'Microphone level',
    speaker: /^A one-second test tone played on /,
  },
  zh: {
    heading: '测试',
    ok: '正常',
    warning: '警告',
    failed: '失败',
    socket: /^\/ws2 往返时延：\d+ 毫秒(，超过 500 毫秒|（5 次的中位数）)$/,
    rest: /^HTTP 往返时延：\d+ 毫秒(，超过 500 毫秒)?$/,
    clock: /^本机时钟与服务器相差 -?\d+ 毫秒$/,
    janusOff: '服务器未配置',
    janusOn: /^可以连接，耗时 \d+ 毫秒（Janus WebRTC Server 1\.2\.4）$/,
    janusDown: '无法连接：ECONNREFUSED',
    runAgain: (name: string) => `重新运行“${name}”检查`,
    socketName: 'Socket 往返时延',
    janusName: '媒体服务器（Janus）',
    micName: '麦克风',
    speakerName: '扬声器',
    micLevel: '麦克风音量',
    speaker: /^已在.+上播放一秒测试音$/,
  },
} as const;

async function openDiagnostics(page: Page, baseURL: string, locale: 'en' | 'zh'): Promise<void> {
  await loginViaApi(page, baseURL, 'dispatcher1');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
  await page.goto(`${baseURL}/main/test`);
  await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].heading })).toBeVisible();
}

const state = (page: Page, id: string) => page.getByTestId(`check-${id}-state`);
const message = (page: Page, id: string) => page.getByTestId(`check-${id}-message`);

for (const locale of ['en', 'zh'] as const) {
  const text = TEXT[locale];

  test(`runs the network checks on opening and the audio checks on demand (${locale})`, async ({ page, baseURL }) => {
    const pings: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => typeof f.payload === 'string' && f.payload.includes('"sys/ping"') && pings.push(ws.url())));
    await openDiagnostics(page, baseURL, locale);

    const measured = new RegExp(`^(${text.ok}|${text.warning})$`);
    await expect(state(page, 'socket')).toHaveText(measured);
    await expect(message(page, 'socket')).toHaveText(text.socket);
    // Six pings (a warm-up and five measured) went over a real /ws2 socket.
    expect(pings.filter((u) => /\/ws2\?at=/.test(u)).length).toBeGreaterThanOrEqual(6);
    await expect(state(page, 'rest')).toHaveText(measured);
    await expect(message(page, 'rest')).toHaveText(text.rest);
    await expect(state(page, 'clock')).toHaveText(text.ok);
    await expect(message(page, 'clock')).toHaveText(text.clock);
    await expect(state(page, 'janus')).toHaveText(text.warning);
    await expect(message(page, 'janus')).toHaveText(text.janusOff);

    // Run again measures again.
    const before = pings.length;
    await page.getByRole('button', { name: text.runAgain(text.socketName) }).click();
    await expect.poll(() => pings.length).toBeGreaterThanOrEqual(before + 6);
    await expect(state(page, 'socket')).toHaveText(measured);

    // The fake microphone beeps: the meter moves.
    await expect(state(page, 'mic')).not.toHaveText(text.ok);
    await page.getByRole('button', { name: text.runAgain(text.micName) }).click();
    await expect(state(page, 'mic')).toHaveText(text.ok);
    const meter = page.getByTestId('mic-level');
    await expect(page.getByRole('progressbar', { name: text.micLevel })).toBeVisible();
    await expect.poll(async () => Number(await meter.getAttribute('data-level')), { timeout: 20_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: text.runAgain(text.speakerName) }).click();
    await expect(state(page, 'speaker')).toHaveText(text.ok, { timeout: 10_000 });
    await expect(message(page, 'speaker')).toHaveText(text.speaker);
  });
}

test('reports a configured Janus as reachable, then unreachable once it stops', async ({ page }) => {
  test.setTimeout(90_000);
  // A stand-in for Janus's HTTP transport: the real server probes it over the network.
  const janus: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/janus/info') res.end(JSON.stringify({ janus: 'server_info', name: 'Janus WebRTC Server', version_string: '1.2.4' }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => janus.listen(0, '127.0.0.1', resolve));
  const server = await startServer({ env: { JANUS_URL: `http://127.0.0.1:${(janus.address() as AddressInfo).port}/janus` } });
  try {
    await openDiagnostics(page, server.baseURL, 'en');
    await expect(state(page, 'janus')).toHaveText(TEXT.en.ok);
    await expect(message(page, 'janus')).toHaveText(TEXT.en.janusOn);

    janus.closeAllConnections();
    await new Promise<void>((resolve) => janus.close(() => resolve()));
    // The server shares one probe's answer for a few seconds (JANUS_CHECK_REUSE_MS): run again
    // until a fresh probe finds Janus gone.
    await expect(async () => {
      await page.getByRole('button', { name: TEXT.en.runAgain(TEXT.en.janusName) }).click();
      await expect(state(page, 'janus')).toHaveText(TEXT.en.failed, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(message(page, 'janus')).toHaveText(TEXT.en.janusDown);
  } finally {
    await server.stop();
    if (janus.listening) janus.close();
  }
});
