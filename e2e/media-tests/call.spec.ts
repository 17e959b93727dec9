import { expect } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { energyRate } from '../harness/media';
import { openConsole, type Console } from './support/console';
import { HEARD, SILENT, audioAt, speakingSuite } from './support/speaking';

// Issue 7, acceptance 4 (1V1 call): dispatcher1 calls member1 from the member list, member1's
// console accepts, both consoles join the call's own AudioBridge room and talk at once (no floor):
// member1's browser "speaks" a looped WAV and the dispatcher's fake microphone beeps, and each
// side's inbound audio energy (getStats) rises. While they talk, member2's call to member1 is
// refused as busy. The hang-up ends it for both and the audio stops. Server, Janus and Chromium
// run inside the test's network namespace.


const suite = speakingSuite();

const heard = audioAt;
const callState = (c: Console) => c.page.getByTestId('call-state');
const callButton = (c: Console, nickname: string) =>
  c.page.getByTestId('member-row').filter({ hasText: nickname }).getByRole('button', { name: `Call ${nickname}`, exact: true });

/** Resolves with the moment (epoch ms) the console's call dialog shows `state`. */
async function reaches(c: Console, state: string): Promise<number> {
  await c.page.locator(`[data-testid="call-state"][data-state="${state}"]`).waitFor({ timeout: 20_000 });
  return Date.now();
}

test('a 1V1 call connects both ways, a third caller hears the callee is busy, and the hang-up ends it for both', async ({ browser }) => {
  const member1 = await openConsole(suite.speaker, suite.server.baseURL, 'member1');
  const dispatcher = await openConsole(browser, suite.server.baseURL, 'dispatcher1');
  const member2 = await openConsole(browser, suite.server.baseURL, 'member2');

  await callButton(dispatcher, 'Member 1').click();
  const outgoing = dispatcher.page.getByRole('alertdialog', { name: 'Call with Member 1' });
  await expect(outgoing).toContainText('Waiting for Member 1 to answer');
  const incoming = member1.page.getByRole('alertdialog', { name: 'Incoming call from Dispatcher 1' });
  await expect(incoming).toContainText('Dispatcher 1 is calling you');
  // Nobody hears member1 yet: the channel room is muted and there is no call room.
  expect(await energyRate(dispatcher.page, 500)).toBeLessThan(SILENT);

  const accepted = Date.now();
  const talking = Promise.all([reaches(member1, 'talking'), reaches(dispatcher, 'talking')]);
  await incoming.getByRole('button', { name: 'Accept' }).click();
  const [calleeTalking, callerTalking] = await talking;
  const figures = { calleeMs: calleeTalking - accepted, callerMs: callerTalking - accepted };
  console.info(`accept → talking: callee ${figures.calleeMs} ms, caller ${figures.callerMs} ms`);
  test.info().annotations.push({ type: 'accept → talking (ms)', description: JSON.stringify(figures) });
  const answered = member1.page.getByRole('alertdialog', { name: 'Call with Dispatcher 1' });
  await expect(answered).toContainText('Talking with Dispatcher 1');
  await expect(outgoing).toContainText('Talking with Member 1');

  // Full duplex: each hears the other at the same time.
  await heard(dispatcher.page).toBeGreaterThan(HEARD);
  await heard(member1.page).toBeGreaterThan(HEARD);

  // member2 calls member1, who is in a call: 'other party busy' (2037), and the call goes on.
  await callButton(member2, 'Member 1').click();
  const refused = member2.page.getByRole('alertdialog', { name: 'Call with Member 1' });
  await expect(refused).toContainText('The other party is busy');
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(answered).toBeVisible();
  await expect(callState(member1)).toHaveAttribute('data-state', 'talking');

  // The dispatcher hangs up: ended on both sides, and the audio stops.
  await outgoing.getByRole('button', { name: 'Hang up' }).click();
  await expect(outgoing).toContainText('Call ended');
  await expect(answered).toContainText('The other party hung up');
  await heard(dispatcher.page).toBeLessThan(SILENT);
  await heard(member1.page).toBeLessThan(SILENT);
  const current = await member1.page.evaluate(async () => {
    const res = await fetch('/api/calls/current', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return (await res.json()) as { code: number; data: unknown };
  });
  expect(current).toMatchObject({ code: 0, data: null });

  for (const c of [member1, dispatcher, member2]) expect(c.outside).toEqual([]);
  for (const c of [member1, dispatcher, member2]) await c.context.close();
});
