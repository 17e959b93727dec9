import { expect, type Locator } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { energyRate } from '../harness/media';
import { hold, letGo, openConsole } from './support/console';
import { HEARD, SILENT, audioAt, speakingSuite } from './support/speaking';
import { LEVEL_HEARD, LEVEL_SILENT, peakLevel, tileOf } from './support/watch-tiles';

// Issue 19, acceptance 1 (watched channels): the dispatcher watches Security (selected for
// transmit), Logistics and General of the demo seed. Talkers in Logistics (member4) and General
// (member1) talk at once and both tiles' output level (the room's WebAudio analyser, after volume
// and mute) rises; General muted falls to silence while Logistics stays up. Then the dispatcher
// talks: member2 (in Security) hears it, member5 (in Logistics only) does not, since a watched
// room only listens. Server, Janus and Chromium run inside the test's network namespace.

const suite = speakingSuite();

test('watched channels: each heard at its own level, a muted one silent, PTT only on the selected one', async ({ browser }) => {
  const dispatcher = await openConsole(suite.speaker, suite.server.baseURL, 'dispatcher1', { channel: 'Security' });
  const member1 = await openConsole(suite.speaker, suite.server.baseURL, 'member1', { channel: 'General' });
  const member4 = await openConsole(suite.speaker, suite.server.baseURL, 'member4', { channel: 'Logistics' });
  const member2 = await openConsole(browser, suite.server.baseURL, 'member2', { channel: 'Security' });
  const member5 = await openConsole(browser, suite.server.baseURL, 'member5', { channel: 'Logistics' });
  const all = [dispatcher, member1, member4, member2, member5];

  // The dispatcher adds the three channels from the picker, the selected one first.
  const panel = dispatcher.page.getByTestId('watch-panel');
  await expect(panel.getByText('No channels watched yet')).toBeVisible();
  for (const name of ['Security', 'Logistics', 'General']) {
    await panel.getByRole('combobox', { name: 'Add a channel' }).click();
    await dispatcher.page.getByRole('option', { name, exact: true }).click();
    await expect(tileOf(dispatcher, name)).toBeVisible();
  }
  const [security, logistics, general] = ['Security', 'Logistics', 'General'].map((n) => tileOf(dispatcher, n)) as [Locator, Locator, Locator];
  await expect(security).toHaveAttribute('data-selected', 'true');
  await expect(panel.getByTestId('watch-tile')).toHaveCount(3);
  await panel.screenshot({ path: test.info().outputPath('watch-panel.png') });
  // Nobody talks yet: every tile is silent.
  for (const t of [logistics, general]) expect(await peakLevel(t, 1_000)).toBeLessThan(LEVEL_SILENT);

  // Two channels talk at once: both tiles show their talker and play.
  await hold(member4);
  await hold(member1);
  await expect(member4.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(logistics).toHaveAttribute('data-talker', /\d+/);
  await expect(general).toHaveAttribute('data-talker', /\d+/);
  await expect(logistics).toContainText('Member 4 is talking');
  await expect(general).toContainText('Member 1 is talking');
  await expect.poll(() => peakLevel(logistics), { timeout: 15_000 }).toBeGreaterThan(LEVEL_HEARD);
  await expect.poll(() => peakLevel(general), { timeout: 15_000 }).toBeGreaterThan(LEVEL_HEARD);
  const bothLevels = { logistics: await peakLevel(logistics), general: await peakLevel(general) };
  // member5's probe hears its channel (so its silence below means something).
  await audioAt(member5.page).toBeGreaterThan(HEARD);

  // General muted: its tile falls to silence, Logistics goes on.
  await general.getByRole('button', { name: 'Mute General' }).click();
  await expect(general.getByRole('button', { name: 'Unmute General' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => peakLevel(general, 1_000)).toBeLessThan(LEVEL_SILENT);
  const mutedLevels = { logistics: await peakLevel(logistics), general: await peakLevel(general) };
  expect(mutedLevels.logistics).toBeGreaterThan(LEVEL_HEARD);
  expect(mutedLevels.general).toBeLessThan(LEVEL_SILENT);

  // The talkers stop; the dispatcher talks on the selected channel only.
  await letGo(member4);
  await letGo(member1);
  await expect(logistics).toHaveAttribute('data-talker', '');
  await expect(general).toHaveAttribute('data-talker', '');
  await audioAt(member5.page).toBeLessThan(SILENT);
  await hold(dispatcher);
  await expect(dispatcher.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(member2.talker).toHaveText('Dispatcher 1 is talking');
  await audioAt(member2.page).toBeGreaterThan(HEARD);
  const heardInA = await energyRate(member2.page, 1_000);
  const heardInB = await energyRate(member5.page, 1_500);
  expect(heardInB).toBeLessThan(SILENT);
  await letGo(dispatcher);

  // The measured figures, for the report and ADR 023.
  const levels = JSON.stringify({ bothLevels, mutedLevels, energy: { memberOfA: heardInA, memberOfB: heardInB } });
  test.info().annotations.push({ type: 'levels', description: levels });
  console.info('watch levels', levels);

  for (const c of all) expect(c.outside).toEqual([]);
  for (const c of all) await c.context.close();
});
