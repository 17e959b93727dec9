import type { Page, Request } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { startSimulator } from '../harness/simulator';

// Issue 6, acceptance 3: a dispatcher sends remote stun to member1's handset, driven by the
// simulator, and sees the command sent, then delivered, then executed as the handset answers.
// Remote kill asks for confirmation first: cancel sends nothing, confirm sends it.


/** Every state the newest command entry of the bar shows, in the order they appear on screen. */
async function recordStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { commandStates: string[] }).commandStates = seen;
    const bar = document.getElementById('dispatch-command-bar')!;
    const look = () => {
      const state = bar.querySelector('[data-testid="command-entry"]')?.getAttribute('data-state');
      if (state && seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(look).observe(bar, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { commandStates: string[] }).commandStates]);
}

test('remote stun goes sent, delivered, executed as the handset answers; remote kill asks first', async ({ page, baseURL }) => {
  const outside = await guardLoopback(page.context());
  const sim = await startSimulator(baseURL, 'member1', { args: ['--interval', '500'] });
  try {
    const commandPosts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/devices\/\d+\/commands$/.test(r.url())) commandPosts.push(r);
    });
    await loginViaApi(page, baseURL, 'dispatcher1');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, 'en'] as const);
    await page.goto(`${baseURL}/main/dispatch`);

    const row = page.getByTestId('member-row').filter({ hasText: 'Member 1' });
    await expect(row.getByTestId('member-info')).toContainText('Online');
    await row.getByRole('button', { name: /^Member 1/ }).click();
    const bar = page.getByRole('region', { name: 'Commands for Member 1' });
    await expect(bar).toContainText('Device: Handset 01 (Android)');

    const states = await recordStates(page);
    // Stun silences the handset at once: a confirmation naming the member and device first.
    await bar.getByRole('button', { name: 'Remote stun' }).click();
    const stunDialog = page.getByRole('alertdialog', { name: 'Remote stun' });
    await expect(stunDialog).toContainText('Handset 01');
    await expect(stunDialog).toContainText('Member 1');
    await stunDialog.getByRole('button', { name: 'Stun the device' }).click();
    const entry = bar.getByTestId('command-entry').first();
    await expect(entry.getByTestId('command-state')).toHaveText('Executed');
    expect(await states()).toEqual(['sent', 'delivered', 'executed']);
    // Each step with its time, in lifecycle order.
    await expect(entry.getByTestId('command-step')).toHaveText([/^Sent \d\d:\d\d:\d\d$/, /^Delivered \d\d:\d\d:\d\d$/, /^Executed \d\d:\d\d:\d\d$/]);
    expect(commandPosts.map((r) => r.postDataJSON() as unknown)).toEqual([{ command: 'stun', confirm: true }]);

    // Kill: the dialog first; cancel sends nothing.
    await bar.getByRole('button', { name: 'Remote kill' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remote kill' });
    await expect(dialog).toContainText('Handset 01');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(500);
    expect(commandPosts).toHaveLength(1);

    await bar.getByRole('button', { name: 'Remote kill' }).click();
    await dialog.getByRole('button', { name: 'Kill the device' }).click();
    await expect.poll(() => commandPosts.length).toBe(2);
    expect(commandPosts[1]!.postDataJSON()).toEqual({ command: 'kill', confirm: true });
    const killEntry = bar.getByTestId('command-entry').first();
    await expect(killEntry).toContainText('Remote kill');
    await expect(killEntry.getByTestId('command-state')).toHaveText('Executed');
    await expect.poll(() => sim.output()).toContain('killed by a remote command');
  } finally {
    await sim.stop();
  }
  expect(outside).toEqual([]);
});
