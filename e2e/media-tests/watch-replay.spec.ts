import { expect, type Locator } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { hold, letGo, openConsole } from './support/console';
import { speakingSuite } from './support/speaking';
import { LEVEL_HEARD, LEVEL_SILENT, peakLevel, tileOf } from './support/watch-tiles';

// Issue 19, instant replay: the dispatcher watches Security (selected), Logistics and General of
// the demo seed. member4 talks about 2 s in Logistics and lets go; the burst is recorded (Ogg Opus
// on the VideoRoom path). While nobody holds Logistics' floor the dispatcher clicks "Replay last"
// on its tile: the recording is fetched, decoded by Chromium's WebAudio and played into
// Logistics' own room, so that tile's output level rises above silence and falls back after the
// clip, while member1 talks live in General and General's tile stays up the whole time.

const suite = speakingSuite();

/** How long member4 holds the floor: the recorded clip's length. */
const TALK_MS = 2_200;

test('instant replay: the last burst of a watched channel plays on its tile beside the live audio of another', async () => {
  const dispatcher = await openConsole(suite.speaker, suite.server.baseURL, 'dispatcher1', { channel: 'Security' });
  const member4 = await openConsole(suite.speaker, suite.server.baseURL, 'member4', { channel: 'Logistics' });
  const member1 = await openConsole(suite.speaker, suite.server.baseURL, 'member1', { channel: 'General' });
  const all = [dispatcher, member4, member1];

  const panel = dispatcher.page.getByTestId('watch-panel');
  for (const name of ['Security', 'Logistics', 'General']) {
    await panel.getByRole('combobox', { name: 'Add a channel' }).click();
    await dispatcher.page.getByRole('option', { name, exact: true }).click();
    await expect(tileOf(dispatcher, name)).toBeVisible();
  }
  const [logistics, general] = ['Logistics', 'General'].map((n) => tileOf(dispatcher, n)) as [Locator, Locator];

  // member4 talks in Logistics and lets go: that burst is the one to replay.
  await hold(member4);
  await expect(logistics).toContainText('Member 4 is talking');
  await member4.page.waitForTimeout(TALK_MS);
  await letGo(member4);
  await expect(logistics).toHaveAttribute('data-talker', '');
  // The last packets of the talk drain within a moment; then the tile is silent.
  await expect.poll(() => peakLevel(logistics, 1_000), { timeout: 10_000 }).toBeLessThan(LEVEL_SILENT);
  const quiet = await peakLevel(logistics, 1_000);
  expect(quiet).toBeLessThan(LEVEL_SILENT);

  // member1 talks live in General, and goes on talking through the replay.
  await hold(member1);
  await expect(general).toContainText('Member 1 is talking');
  await expect.poll(() => peakLevel(general), { timeout: 15_000 }).toBeGreaterThan(LEVEL_HEARD);

  // Replay last on Logistics. The recording is stored a moment after the release: click until the
  // tile replays member4's burst (before that it says there is none yet).
  const replay = logistics.getByTestId('watch-replay');
  let clip: { status: number; type: string } | null = null;
  await expect(async () => {
    const file = dispatcher.page.waitForResponse((r) => r.url().includes('/api/files/'), { timeout: 3_000 });
    await logistics.getByRole('button', { name: 'Replay the last transmission on Logistics' }).click();
    const response = await file;
    clip = { status: response.status(), type: response.headers()['content-type'] ?? '' };
    await expect(replay).toHaveAttribute('data-replaying', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(logistics).toContainText('Replaying Member 4');
  // The burst is our Ogg Opus, and Chromium's decodeAudioData takes it: the level below rises.
  expect(clip).toEqual({ status: 200, type: 'audio/ogg' });

  // During the clip: Logistics plays with no floor held there, and General's live talker goes on.
  const [during, liveDuring] = await Promise.all([peakLevel(logistics, 1_200), peakLevel(general, 1_200)]);
  await expect(logistics).toHaveAttribute('data-talker', '');
  expect(during).toBeGreaterThan(LEVEL_HEARD);
  expect(liveDuring).toBeGreaterThan(LEVEL_HEARD);

  // After the clip: Logistics falls back to silence, General is still heard.
  await expect(replay).toHaveAttribute('data-replaying', 'false', { timeout: 10_000 });
  await expect(logistics.getByRole('button', { name: 'Replay the last transmission on Logistics' })).toBeVisible();
  // As after the live talk above, the clip's last packets drain from Janus a moment after it ends.
  await expect.poll(() => peakLevel(logistics, 1_000), { timeout: 10_000 }).toBeLessThan(LEVEL_SILENT);
  const after = await peakLevel(logistics, 1_000);
  const liveAfter = await peakLevel(general, 1_000);
  expect(after).toBeLessThan(LEVEL_SILENT);
  expect(liveAfter).toBeGreaterThan(LEVEL_HEARD);
  await letGo(member1);

  const levels = JSON.stringify({ quiet, during, liveDuring, after, liveAfter, clip });
  test.info().annotations.push({ type: 'levels', description: levels });
  console.info('replay levels', levels);
  await panel.screenshot({ path: test.info().outputPath('watch-replay.png') });

  for (const c of all) expect(c.outside).toEqual([]);
  for (const c of all) await c.context.close();
});
