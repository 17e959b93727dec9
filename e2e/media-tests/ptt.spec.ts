import { expect } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { energyRate } from '../harness/media';
import { hold, letGo, openConsole, type Console } from './support/console';
import { HEARD, SILENT, audioAt, speakingSuite } from './support/speaking';

// Issue 7, acceptance 1 and 3: floor control with real audio. Server, Janus and Chromium run
// inside the test's network namespace. member1's browser "speaks" a looped WAV; the dispatcher's
// inbound audio energy (getStats) says whether anything reached them through the room (the VideoRoom
// by default, PTT_MEDIA=sfu).

const suite = speakingSuite();

test.describe.configure({ mode: 'serial' });

const heard = (c: Console) => audioAt(c.page);

/** The directions of each open PeerConnection's transceivers, sorted. */
const directions = (c: Console) =>
  c.page.evaluate(() =>
    ((window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? [])
      .filter((pc) => pc.signalingState !== 'closed')
      .map((pc) => pc.getTransceivers().map((t) => t.currentDirection).join(','))
      .sort(),
  );

test('the holder is heard, an occupied channel refuses, force-insert takes the floor, a burst becomes a playable PTT message', async ({ browser }) => {
  const member1 = await openConsole(suite.speaker, suite.server.baseURL, 'member1');
  const member2 = await openConsole(browser, suite.server.baseURL, 'member2');
  const dispatcher = await openConsole(browser, suite.server.baseURL, 'dispatcher1');

  // Everyone joined muted: member1's microphone runs, but nothing reaches the dispatcher.
  expect(await energyRate(dispatcher.page, 1_000)).toBeLessThan(SILENT);
  // On the VideoRoom: the dispatcher sends on one PeerConnection and receives each of the two
  // members on its own m-line of another, subscribed in advance. (PTT_MEDIA=mix in the test's
  // environment runs the spec on the AudioBridge: one PeerConnection both ways.)
  const mix = process.env.PTT_MEDIA === 'mix';
  await expect.poll(() => directions(dispatcher)).toEqual(mix ? ['sendrecv'] : ['recvonly,recvonly', 'sendonly']);

  await hold(member1);
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'true');
  await expect(dispatcher.talker).toHaveText('Member 1 is talking');
  await heard(dispatcher).toBeGreaterThan(HEARD);
  const accessMs = Number(await member1.ptt.getAttribute('data-access-ms'));
  expect(accessMs).toBeGreaterThan(0);

  // A second talker is refused while the channel is occupied.
  await hold(member2);
  await expect(member2.notice).toContainText('PTT channel occupied');
  await expect(member2.ptt).toHaveAttribute('aria-pressed', 'false');
  await letGo(member2);
  await expect(dispatcher.talker).toHaveText('Member 1 is talking');

  // Held for about two seconds in all, then released: the audio stops at the listener.
  await member1.page.waitForTimeout(1_000);
  await letGo(member1);
  await expect(dispatcher.talker).toBeHidden();
  await heard(dispatcher).toBeLessThan(SILENT);

  // The burst is now a PTT message in the channel's chat, and it plays.
  const recording = dispatcher.page.getByRole('feed', { name: 'Messages of General' }).locator('audio[aria-label^="PTT recording"]').last();
  await expect(recording).toBeAttached();
  const played = await recording.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
    await new Promise((r) => setTimeout(r, 600));
    return { time: audio.currentTime, duration: audio.duration, error: audio.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0.2);
  expect(played.duration).toBeGreaterThan(1);
  expect(played.duration).toBeLessThan(4);
  await expect(dispatcher.page.getByTestId('ptt-recent').getByText(/Member 1/)).toBeVisible();

  // Force-insert: member1 holds the floor again, the dispatcher talks over them.
  await hold(member1);
  await expect(dispatcher.talker).toHaveText('Member 1 is talking');
  await hold(dispatcher, dispatcher.page.getByRole('button', { name: 'Force insert' }));
  await expect(member1.talker).toHaveText('Dispatcher 1 is talking');
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'false');
  await expect(member1.notice).toContainText('Dispatcher 1 force-inserted');
  await expect(dispatcher.talker).toHaveText('You are talking');
  // member1's microphone no longer reaches anyone: member2 hears only the dispatcher's beep.
  await letGo(dispatcher);
  await letGo(member1);
  await expect(member2.talker).toBeHidden();
  await heard(member2).toBeLessThan(SILENT);

  for (const c of [member1, member2, dispatcher]) expect(c.outside).toEqual([]);
  for (const c of [member1, member2, dispatcher]) await c.context.close();
});

test('talking stops at the maximum duration from the settings', async () => {
  const member1 = await openConsole(suite.speaker, suite.server.baseURL, 'member1', { settings: { pttMaxDurationS: 2 } });
  await hold(member1);
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'true');
  const started = Date.now();
  // Still held: the server ends the talk on its own.
  await expect(member1.ptt).toHaveAttribute('aria-pressed', 'false', { timeout: 6_000 });
  expect(Date.now() - started).toBeGreaterThan(1_500);
  await expect(member1.notice).toContainText('maximum duration');
  await letGo(member1);
  expect(member1.outside).toEqual([]);
  await member1.context.close();
});
