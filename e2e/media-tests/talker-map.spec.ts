import { expect, type APIRequestContext } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { apiLogin } from '../harness/fixtures';
import { startSimulator, type Simulator } from '../harness/simulator';
import { openConsole } from './support/console';
import { attachLogsOnFailure, startMediaServer, type MediaServer } from './support/media-server';

// Issue 19: the live talker on the map. The dispatcher selects General and watches Logistics;
// two handsets of the device simulator (member1 in General, member4 in Logistics) report
// positions. Each takes its channel's floor through the REST floor API (the server grants it
// through Janus, so this runs with the media server, in the network namespace), and the
// dispatcher's map draws them talking (halo, 'Talking in <channel> · N s', seconds going up);
// released, they are drawn as before. No audio is needed: the floor is what the map shows.

let server: MediaServer;
let sim: Simulator | null = null;

test.beforeAll(async () => {
  server = await startMediaServer();
  sim = await startSimulator(server.baseURL, 'member1,member4', {
    args: ['--interval', '1000', '--center', '116.397,39.909', '--radius', '300', '--status-every', '1000'],
    ready: /2\/2 connected/,
  });
});
test.afterAll(async () => {
  await sim?.stop();
  await server?.stop();
});
test.afterEach(async ({}, testInfo) => {
  await attachLogsOnFailure(testInfo, server);
  if (testInfo.status !== testInfo.expectedStatus && sim) await testInfo.attach('simulator.log', { body: sim.output(), contentType: 'text/plain' });
});

interface Talk {
  token: string;
  chatId: string;
}

/** Logs `account` in (a web session, apart from its handset's) and finds the chat id of `channel`. */
async function talkerIn(request: APIRequestContext, account: string, channel: string): Promise<Talk> {
  const token = await apiLogin(request, server.baseURL, account);
  const res = await request.get(`${server.baseURL}/api/chats`, { headers: { authorization: `Bearer ${token}` } });
  const chats = ((await res.json()) as { data: Array<{ chatId: string; title: string }> }).data;
  const chat = chats.find((c) => c.title === channel);
  expect(chat, JSON.stringify(chats)).toBeTruthy();
  return { token, chatId: chat!.chatId };
}

/** Presses (`/api/ptt/floor`) or releases (`/api/ptt/floor/release`) like a console would. */
async function floor(request: APIRequestContext, talk: Talk, action: 'press' | 'release'): Promise<void> {
  const url = `${server.baseURL}/api/ptt/floor${action === 'release' ? '/release' : ''}`;
  const res = await request.post(url, { headers: { authorization: `Bearer ${talk.token}` }, data: { chatId: talk.chatId, maxDurationS: 60 } });
  const body = (await res.json()) as { code: number; data: { holder: { uid: number } | null } };
  expect(res.status(), JSON.stringify(body)).toBe(200);
  expect(body.data.holder === null).toBe(action === 'release');
}

test('the holder of the selected or a watched channel is drawn talking on the map, with channel and seconds, until released', async ({ browser, request }) => {
  const dispatcher = await openConsole(browser, server.baseURL, 'dispatcher1', { channel: 'General' });
  const { page } = dispatcher;
  const panel = page.getByTestId('watch-panel');
  await panel.getByRole('combobox', { name: 'Add a channel' }).click();
  await page.getByRole('option', { name: 'Logistics', exact: true }).click();
  await expect(panel.getByTestId('watch-tile')).toHaveCount(1);

  const map = page.getByRole('region', { name: 'Map of member positions' });
  const talkers = map.getByTestId('map-talker');
  await expect(talkers).toHaveCount(0);

  const member1 = await talkerIn(request, 'member1', 'General');
  const member4 = await talkerIn(request, 'member4', 'Logistics');

  // The selected channel's talker: halo, label, ticking seconds.
  await floor(request, member1, 'press');
  const one = map.locator('[data-testid="map-talker"][data-name="Member 1"]');
  // Drawn once the handset's position is on the map (it reports every second).
  await expect(one).toHaveCount(1, { timeout: 20_000 });
  await expect(one).toHaveAttribute('aria-label', /^Member 1: Talking in General · \d+ s$/);
  await expect(map.getByText(/^Talking in General · \d+ s$/)).toBeVisible();
  await expect.poll(async () => Number(await one.getAttribute('data-seconds')), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const ring = await one.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(ring).toContain('rgb(135, 100, 184)');

  // A watched (not selected) channel's talker at the same time.
  await floor(request, member4, 'press');
  const four = map.locator('[data-testid="map-talker"][data-name="Member 4"]');
  await expect(four).toHaveAttribute('aria-label', /^Member 4: Talking in Logistics · \d+ s$/);
  await expect(talkers).toHaveCount(2);
  await expect(map.getByText(/^Talking in Logistics · \d+ s$/)).toBeVisible();
  await page.getByRole('button', { name: 'Fit all' }).click();
  // The picture after the fit's animation (kept with the results).
  await page.waitForTimeout(500);
  await map.screenshot({ path: test.info().outputPath('talkers-on-map.png') });

  // The legend names the halo.
  await page.getByRole('button', { name: 'Legend' }).click();
  await expect(page.getByText(/^Purple halo: talking now/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Released: back to normal, one after the other.
  await floor(request, member1, 'release');
  await expect(one).toHaveCount(0);
  await expect(map.getByText(/^Talking in General/)).toHaveCount(0);
  await expect(talkers).toHaveCount(1);
  await floor(request, member4, 'release');
  await expect(talkers).toHaveCount(0);
  await expect(map.locator('.ptt-talker-label')).toHaveCount(0);

  expect(dispatcher.outside).toEqual([]);
  await dispatcher.context.close();
});
