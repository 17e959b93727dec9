import { expect } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { DEMO } from '../harness/fixtures';
import { energyRate } from '../harness/media';
import { hold, letGo, openConsole } from './support/console';
import { allCallButton, allCallResult, channelId, tick, watchChannels } from './support/patch';
import { HEARD, SILENT, audioAt, speakingSuite } from './support/speaking';
import { LEVEL_SILENT, peakLevel, tileOf } from './support/watch-tiles';

// Issue 19, acceptance 3 (all-call; ADR 024): the dispatcher (transmitting on Security) watches
// General and Logistics and ticks both. member4 holds Logistics' floor; the dispatcher's all-call
// reports Logistics occupied (in words, with the talker's name) and General carries the call:
// member1, on General, hears the dispatcher's microphone. With both free, a second all-call is
// heard in both (member1 on General, member5 on Logistics).

const suite = speakingSuite();

test('all-call: one occupied channel is reported, the other carries the call; both free, both hear it', async ({ browser }) => {
  // Four consoles on two cores, two calls.
  test.setTimeout(180_000);
  const base = suite.server.baseURL;
  const dispatcher = await openConsole(suite.speaker, base, 'dispatcher1', { channel: 'Security' });
  const member1 = await openConsole(browser, base, 'member1', { channel: 'General' });
  const member4 = await openConsole(browser, base, 'member4', { channel: 'Logistics' });
  const member5 = await openConsole(browser, base, 'member5', { channel: 'Logistics' });
  const all = [dispatcher, member1, member4, member5];
  const chat = async (name: string) => `${DEMO.entId}-1-${await channelId(dispatcher.page, base, name)}`;
  const [generalChat, logisticsChat] = [await chat('General'), await chat('Logistics')];

  await watchChannels(dispatcher, ['General', 'Logistics']);
  await tick(dispatcher, 'General');
  await tick(dispatcher, 'Logistics');
  const button = allCallButton(dispatcher);
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  // The origin room joins on the ticks, ahead of the press; give its ICE and DTLS a moment.
  await dispatcher.page.waitForTimeout(2_000);
  await audioAt(member1.page).toBeLessThan(SILENT);

  // member4 holds Logistics; the dispatcher all-calls both.
  await hold(member4);
  await expect(member4.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(tileOf(dispatcher, 'Logistics')).toContainText('Member 4 is talking');
  await hold(dispatcher, button);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(allCallResult(dispatcher, generalChat)).toHaveAttribute('data-granted', 'true');
  await expect(allCallResult(dispatcher, generalChat)).toHaveText('General: on air');
  await expect(allCallResult(dispatcher, logisticsChat)).toHaveAttribute('data-granted', 'false');
  await expect(allCallResult(dispatcher, logisticsChat)).toHaveText('Logistics: PTT channel occupied (Member 4 is talking)');
  // The page, not the bar: an element screenshot waits for the bar to stop moving, and the tiles under it never do.
  await dispatcher.page.screenshot({ path: test.info().outputPath('allcall-occupied.png') });
  await expect(member1.talker).toHaveText('Dispatcher 1 is talking (all-call)');
  await audioAt(member1.page).toBeGreaterThan(HEARD);
  // The dispatcher's own voice comes back in General's bridge: not played on its tile.
  const occupiedCall = { general: await energyRate(member1.page, 1_500), dispatcherGeneralTile: await peakLevel(tileOf(dispatcher, 'General')) };
  expect(occupiedCall.dispatcherGeneralTile).toBeLessThan(LEVEL_SILENT);
  // Logistics stays member4's: member5 hears member4, not the call (the floor is still member4's).
  await expect(member5.talker).toHaveText('Member 4 is talking');
  await letGo(dispatcher);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(member1.talker).toBeHidden();
  await letGo(member4);
  await expect(member5.talker).toBeHidden();
  await audioAt(member1.page).toBeLessThan(SILENT);

  // Both free: the second all-call is heard in both channels.
  await hold(dispatcher, button);
  await expect(allCallResult(dispatcher, generalChat)).toHaveAttribute('data-granted', 'true');
  await expect(allCallResult(dispatcher, logisticsChat)).toHaveAttribute('data-granted', 'true');
  await expect(allCallResult(dispatcher, logisticsChat)).toHaveText('Logistics: on air');
  await expect(member5.talker).toHaveText('Dispatcher 1 is talking (all-call)');
  await expect(tileOf(dispatcher, 'Logistics')).toHaveAttribute('data-via', 'allcall');
  await audioAt(member1.page).toBeGreaterThan(HEARD);
  await audioAt(member5.page).toBeGreaterThan(HEARD);
  const bothFree = {
    general: await energyRate(member1.page, 1_500),
    logistics: await energyRate(member5.page, 1_500),
    dispatcherTiles: { general: await peakLevel(tileOf(dispatcher, 'General')), logistics: await peakLevel(tileOf(dispatcher, 'Logistics')) },
  };
  expect(Math.max(bothFree.dispatcherTiles.general, bothFree.dispatcherTiles.logistics)).toBeLessThan(LEVEL_SILENT);
  await letGo(dispatcher);
  await expect(member5.talker).toBeHidden();
  await audioAt(member5.page).toBeLessThan(SILENT);

  const energy = JSON.stringify({ occupiedCall, bothFree });
  test.info().annotations.push({ type: 'energy', description: energy });
  console.info('all-call energy', energy);

  for (const c of all) expect(c.outside).toEqual([]);
  for (const c of all) await c.context.close();
});
