import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { energyRate, launchMediaBrowser } from '../harness/media';
import { startSimulator, type Simulator } from '../harness/simulator';
import { writeSyllablesWav } from '../harness/wav';
import { hold, letGo, openConsole, type Console } from './support/console';
import { attachLogsOnFailure, startMediaServer, type MediaServer } from './support/media-server';

// Issue 7, acceptance 4 (temporary channel): the simulator's handset puts member1 on the
// dispatcher's map; the dispatcher draws a polygon around it and calls. Both rooms connect, member1
// holds PTT in the temporary channel's room and the dispatcher hears it (getStats energy), and the
// hang-up closes it: member1's card says so and its room's peer connection is gone. Server, Janus,
// the simulator and Chromium all run inside the test's network namespace.

// Energy per second at the listener (see ptt.spec.ts): about 3e-3 while the talker is unmuted.
const HEARD = 1e-4;
const SILENT = 1e-5;

let server: MediaServer;
let sim: Simulator | null = null;
let talkerBrowser: Browser;

test.beforeAll(async () => {
  server = await startMediaServer();
  // A handset standing still (within 20 m) beside the demo centre: a polygon drawn around its
  // marker still holds it when the dispatcher finishes drawing.
  sim = await startSimulator(server.baseURL, 'member1', {
    args: ['--interval', '1000', '--center', '116.397,39.909', '--radius', '20', '--status-every', '1000'],
    ready: /1\/1 connected/,
  });
  talkerBrowser = await launchMediaBrowser({ fakeAudioFile: writeSyllablesWav({ seconds: 6 }) });
});

test.afterAll(async () => {
  await talkerBrowser?.close();
  await sim?.stop();
  await server?.stop();
});

test.afterEach(async ({}, testInfo) => {
  await attachLogsOnFailure(testInfo, server);
});

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Resolves with the wall time once the room state inside `scope` (a CSS selector) reads `state`. */
async function roomStateAt(page: Page, scope: string, state: string): Promise<number> {
  await page.waitForFunction(
    ([s, want]) => document.querySelector(`${s} [data-testid="temp-room-state"]`)?.getAttribute('data-state') === want,
    [scope, state] as const,
    { polling: 25, timeout: 30_000 },
  );
  return Date.now();
}

// Rooms the page is in (harness/media.ts records its PeerConnections on window.__pcs). One room
// is one PeerConnection sending the microphone: the AudioBridge's only one, or the VideoRoom's
// publisher (its subscriber, receive only, comes once others publish).
const joinedRooms = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? []).filter(
        (pc) => pc.signalingState !== 'closed' && pc.getSenders().some((s) => s.track?.kind === 'audio'),
      ).length,
  );

const heard = (c: Console) => expect.poll(() => energyRate(c.page, 500), { intervals: [0], timeout: 10_000 });

test('a polygon drawn around a handset starts a temporary channel whose room connects both sides, carries member1’s PTT, and closes on hang-up', async ({ browser }) => {
  const member1 = await openConsole(talkerBrowser, server.baseURL, 'member1');
  const dispatcher = await openConsole(browser, server.baseURL, 'dispatcher1');
  const { page } = dispatcher;

  // member1 on the dispatcher's map, in view.
  const map = page.getByRole('region', { name: 'Map of member positions' });
  await page.getByTestId('member-row').filter({ hasText: 'Member 1' }).first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Actions for Member 1' }).click();
  await page.getByRole('menuitem', { name: 'Locate on the map' }).click();
  const marker = map.locator('[role="img"][aria-label="Member 1"]');
  await expect(marker).toBeVisible();

  // A polygon around the marker: four corners, then the first again to close it.
  await page.getByRole('button', { name: 'Temporary channel' }).click();
  await page.getByRole('menuitem', { name: 'Select by polygon' }).click();
  await expect(page.getByText(/place the corners, click the first corner to finish/)).toBeVisible();
  const at = await centreOf(marker);
  const corners = [[-90, -70], [90, -70], [90, 70], [-90, 70], [-90, -70]] as const;
  for (const [dx, dy] of corners) await page.mouse.click(at.x + dx, at.y + dy);

  const dialog = page.getByRole('dialog', { name: 'Temporary channel' });
  await expect(dialog.getByRole('checkbox', { name: /^Member 1 \(/ })).toBeChecked();
  const called = Date.now();
  await dialog.getByRole('button', { name: 'Call' }).click();
  const card = member1.page.getByRole('region', { name: 'Temporary channel of Dispatcher 1' });
  const [dispatcherConnected, memberConnected] = await Promise.all([
    roomStateAt(page, '[role="dialog"]', 'connected'),
    roomStateAt(member1.page, '[data-testid="temp-room-card"]', 'connected'),
  ]);
  const connectMs = { dispatcher: dispatcherConnected - called, member1: memberConnected - called };
  console.info(`temporary channel room connected after Call: dispatcher ${connectMs.dispatcher} ms, member1 ${connectMs.member1} ms`);
  test.info().annotations.push({ type: 'connect-ms', description: JSON.stringify(connectMs) });
  await expect(dialog.getByTestId('temp-room-state')).toHaveText('Room: Connected');
  await expect(card.getByTestId('temp-room-state')).toHaveText('Room: Connected');
  await expect(card).toContainText('Started by Dispatcher 1');
  await expect(card.getByRole('list', { name: 'Members of the temporary channel of Dispatcher 1' })).toContainText('Member 1');
  // Both are in two rooms now: the channel's and the temporary channel's.
  expect(await joinedRooms(member1.page)).toBe(2);

  // Nobody holds the temporary channel's floor: member1's running microphone reaches nobody.
  expect(await energyRate(page, 1_000)).toBeLessThan(SILENT);

  const ptt = card.getByRole('button', { name: 'PTT in the temporary channel of Dispatcher 1' });
  await hold(member1, ptt);
  await expect(ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('temp-room-talker')).toHaveText('Member 1 is talking');
  // The floor is the temporary channel's: the channel's PTT area shows no talker.
  await expect(dispatcher.talker).toBeHidden();
  await heard(dispatcher).toBeGreaterThan(HEARD);
  await letGo(member1);
  await expect(dialog.getByTestId('temp-room-talker')).toBeHidden();
  await heard(dispatcher).toBeLessThan(SILENT);

  // Hang-up: the dispatcher leaves the room and closes the channel; member1's card says it ended
  // and member1 is out of that room (only the channel's peer connection is left).
  await dialog.getByRole('button', { name: 'Hang up' }).click();
  await expect(dialog.getByTestId('temp-room-state')).toHaveAttribute('data-state', 'disconnected');
  await expect(dialog).toContainText('You hung up the temporary channel and left its room.');
  await expect(card.getByTestId('temp-room-state')).toHaveAttribute('data-state', 'disconnected');
  await expect(card).toContainText('Dispatcher 1 hung up. You left the room.');
  await expect(card.getByRole('button', { name: /^PTT/ })).toHaveCount(0);
  await expect.poll(() => joinedRooms(member1.page)).toBe(1);
  await expect.poll(() => joinedRooms(page)).toBe(1);
  // No 'cannot connect' from a room destroyed under it.
  await expect(member1.page.getByText('PTT intercom cannot connect')).toHaveCount(0);
  await expect(member1.state).toHaveAttribute('data-state', 'connected');

  for (const c of [member1, dispatcher]) expect(c.outside).toEqual([]);
  for (const c of [member1, dispatcher]) await c.context.close();
});
