import { expect } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { OperationType } from '@ptt/contracts';
import { apiLogin } from '../harness/fixtures';
import { energyRate } from '../harness/media';
import { hold, letGo, openConsole } from './support/console';
import { tick, watchChannels } from './support/patch';
import { HEARD, SILENT, audioAt, speakingSuite } from './support/speaking';
import { LEVEL_HEARD, LEVEL_SILENT, peakLevel, tileOf } from './support/watch-tiles';

// Issue 19, acceptance 2 (patch; ADR 024): the dispatcher (transmitting on Security) watches
// General and Logistics of the demo seed and patches them. member1 talks in General; member5,
// whose console is on Logistics, hears it through Logistics' bridge feed. The dispatcher ends
// the patch; member1 talks again and member5 hears nothing. The operation log has the patch's
// start and end (type 14, TempChannelCreate, detail.action patchStart / patchEnd).

const suite = speakingSuite();

test('patch: a talker in General is heard in Logistics while patched, not after; the operation log has both', async ({ browser, request }) => {
  const base = suite.server.baseURL;
  const dispatcher = await openConsole(browser, base, 'dispatcher1', { channel: 'Security' });
  const member1 = await openConsole(suite.speaker, base, 'member1', { channel: 'General' });
  const member5 = await openConsole(browser, base, 'member5', { channel: 'Logistics' });
  const all = [dispatcher, member1, member5];

  await watchChannels(dispatcher, ['General', 'Logistics']);
  const [general, logistics] = [tileOf(dispatcher, 'General'), tileOf(dispatcher, 'Logistics')];
  await tick(dispatcher, 'General');
  await tick(dispatcher, 'Logistics');
  await dispatcher.page.getByRole('button', { name: 'Patch channels' }).click();
  await expect(general).toHaveAttribute('data-patched', 'true');
  await expect(logistics).toHaveAttribute('data-patched', 'true');
  await expect(general).toContainText('Patched with Logistics');
  await expect(logistics).toContainText('Patched with General');
  await dispatcher.page.getByTestId('watch-panel').screenshot({ path: test.info().outputPath('patched.png') });
  // Nobody talks: member5 hears nothing yet (so what follows means something).
  await audioAt(member5.page).toBeLessThan(SILENT);

  // member1 presses in General: the patch takes Logistics' floor too, in member1's name.
  await hold(member1);
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(member5.talker).toHaveText('Member 1 is talking via General');
  await expect(logistics).toHaveAttribute('data-via', 'patch');
  await expect(logistics).toContainText('Member 1 is talking via General');
  await audioAt(member5.page).toBeGreaterThan(HEARD);
  const patched = await energyRate(member5.page, 1_500);
  // The dispatcher hears General directly, so Logistics' bridge (the same voice 50 ms later) is not
  // played: General's tile plays, Logistics' stays silent.
  await expect.poll(() => peakLevel(general), { timeout: 15_000 }).toBeGreaterThan(LEVEL_HEARD);
  const tiles = { general: await peakLevel(general), logistics: await peakLevel(logistics) };
  expect(tiles.logistics).toBeLessThan(LEVEL_SILENT);
  await letGo(member1);
  await expect(member5.talker).toBeHidden();

  // The dispatcher ends the patch: both tiles lose the badge.
  await general.getByRole('button', { name: 'End the patch of General' }).click();
  await expect(general).toHaveAttribute('data-patched', 'false');
  await expect(logistics).toHaveAttribute('data-patched', 'false');

  // member1 talks again: General only; member5 on Logistics hears nothing.
  await hold(member1);
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(general).toContainText('Member 1 is talking');
  await expect(logistics).toHaveAttribute('data-talker', '');
  await audioAt(member5.page).toBeLessThan(SILENT);
  const after = await energyRate(member5.page, 1_500);
  expect(after).toBeLessThan(SILENT);
  await letGo(member1);

  // The operation log (an admin reads it; a REST login as dispatcher1 would end its console's
  // session): the patch's start and end, newest first.
  const token = await apiLogin(request, base, 'admin');
  const res = await request.get(`${base}/api/records/operations?type=${OperationType.TempChannelCreate}&size=10&sort=time&order=desc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const ops = ((await res.json()) as { data: { items: { type: number; detail: { action?: string; channelIds?: number[]; reason?: string } }[] } }).data;
  const actions = ops.items.map((o) => o.detail.action);
  expect(actions).toContain('patchStart');
  expect(actions).toContain('patchEnd');
  expect(actions.indexOf('patchEnd')).toBeLessThan(actions.indexOf('patchStart'));
  expect(ops.items.find((o) => o.detail.action === 'patchStart')?.detail.channelIds).toHaveLength(2);

  const energy = JSON.stringify({ memberOfLogistics: { patched, afterEnd: after }, dispatcherTiles: tiles, operations: ops.items.map((o) => o.detail) });
  test.info().annotations.push({ type: 'energy', description: energy });
  console.info('patch energy', energy);

  for (const c of all) expect(c.outside).toEqual([]);
  for (const c of all) await c.context.close();
});
