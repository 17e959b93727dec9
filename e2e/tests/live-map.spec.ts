import type { Locator, Page } from '@playwright/test';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { startSimulator, type Simulator } from '../harness/simulator';
import { startServer, type RunningServer } from '../harness/server';

// Issue 6, acceptance 2, against the real server with the device simulator: a moving handset moves
// its marker on the dispatcher's map; its track plays back; an SOS pops up, sounds (a real
// AudioContext running in Chromium) and brings the member back to the middle of the map; closing
// it takes it away. Offline tiles, and nothing may leave loopback.

let server: RunningServer;
let sim: Simulator | null = null;

test.beforeAll(async () => {
  server = await startServer();
  sim = await startSimulator(server.baseURL, 'member1', {
    args: ['--interval', '500', '--center', '116.397,39.909', '--radius', '400', '--status-every', '1000'],
    // Connected, not only logged in: positions flow from the socket.
    ready: /1\/1 connected/,
  });
});

test.afterAll(async () => {
  await sim?.stop();
  await server?.stop();
});

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** The More menu of a member's row. */
async function memberAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Opens the console as dispatcher1 with member1 selected and in view; returns the map and marker. */
async function openWithMember1(page: Page): Promise<{ map: Locator; marker: Locator }> {
  await loginViaApi(page, server.baseURL, 'dispatcher1');
  await page.goto(`${server.baseURL}/main/dispatch`);
  const map = page.getByRole('region', { name: 'Map of member positions' });
  await expect(map).toBeVisible();
  const row = page.getByTestId('member-row').filter({ hasText: 'Member 1' }).first();
  await row.getByRole('button').first().click();
  await memberAction(page, 'Member 1', 'Locate on the map');
  const marker = map.locator('[role="img"][aria-label="Member 1"]');
  await expect(marker).toBeVisible();
  return { map, marker };
}

test('a moving handset moves its marker, its track plays back, and an SOS sounds and focuses the map', async ({ page }) => {
  test.setTimeout(120_000);
  const outside = await guardLoopback(page.context());
  // Select member1 in the member list and bring it into view.
  const { map, marker } = await openWithMember1(page);
  await expect(marker).toHaveAttribute('data-uid', /\d+/);

  // The handset walks: its selected marker moves between two reads.
  const first = await marker.evaluate((el) => (el as HTMLElement).style.transform);
  await expect.poll(() => marker.evaluate((el) => (el as HTMLElement).style.transform), { timeout: 15_000 }).not.toBe(first);

  // Its track plays back: the time advances while playing and stands still when paused.
  await memberAction(page, 'Member 1', 'Location track');
  const dialog = page.getByRole('dialog', { name: 'Track of Member 1' });
  await expect(dialog.getByRole('region', { name: 'Map of the location track' })).toBeVisible();
  const slider = dialog.getByRole('slider', { name: 'Playback position' });
  const value = async () => Number(await slider.inputValue());
  expect(await value()).toBe(0);
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect.poll(value).toBeGreaterThan(500);
  const time = dialog.getByTestId('track-time');
  const timeWhilePlaying = await time.textContent();
  await expect.poll(() => time.textContent()).not.toBe(timeWhilePlaying);
  await dialog.getByRole('button', { name: 'Pause' }).click();
  const paused = await value();
  await page.waitForTimeout(1_000);
  expect(await value()).toBe(paused);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Pan the member away from the middle, so the SOS has to bring it back.
  const middle = await centreOf(map);
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.down();
  await page.mouse.move(middle.x - 250, middle.y - 150, { steps: 8 });
  await page.mouse.up();
  expect(distance(await centreOf(marker), middle)).toBeGreaterThan(150);

  // SOS from the handset: the alert, a running alarm, the member back in the middle.
  sim?.send('sos member1');
  const alert = page.getByRole('alertdialog', { name: 'SOS from Member 1' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toHaveAttribute('data-sound', 'playing');
  await expect.poll(async () => distance(await centreOf(marker), middle), { timeout: 10_000 }).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'SOS: 1 open' })).toBeVisible();

  // Closing it on the server takes it away everywhere.
  await alert.getByRole('button', { name: 'Close SOS' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('button', { name: /^SOS: \d+ open$/ })).toHaveCount(0);

  expect(outside).toEqual([]);
});

test('a circle drawn around the handset picks it for a temporary channel, which is called and hung up', async ({ page }) => {
  const outside = await guardLoopback(page.context());
  const { marker } = await openWithMember1(page);
  await page.getByRole('button', { name: 'Temporary channel' }).click();
  await page.getByRole('menuitem', { name: 'Select by circle' }).click();
  await expect(page.getByText(/place the centre, then click again/)).toBeVisible();
  // Centre beside the marker (a click on it would select it), radius well past it.
  const at = await centreOf(marker);
  await page.mouse.click(at.x - 30, at.y);
  await page.mouse.click(at.x - 30 + 160, at.y);

  const dialog = page.getByRole('dialog', { name: 'Temporary channel' });
  await expect(dialog.getByRole('checkbox', { name: /^Member 1 \(/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Call' }).click();
  // The room comes with the media work: connecting, never a made-up 'connected'.
  // No media server in this suite: the room honestly fails (media-tests/temp-channel.spec.ts has the connected case).
  await expect(dialog.getByTestId('temp-room-state')).toHaveText('Room: Failed');
  await expect(dialog.getByRole('alert')).toHaveText('PTT intercom cannot connect');
  await expect(dialog.getByRole('list', { name: 'Members of the temporary channel' })).toContainText('Member 1');
  await dialog.getByRole('button', { name: 'Hang up' }).click();
  await expect(dialog.getByRole('button', { name: 'Call' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(outside).toEqual([]);
});
