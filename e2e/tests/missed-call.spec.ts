import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';

// Issue 15, item 11: a missed call leaves an entry for the callee. dispatcher1 calls member3, who
// does not answer, and gives up while it rings: member3's console says 'Missed call', its chat
// with Dispatcher 1 gets an unread '[Missed call]', and its call log counts and lists it; the
// dispatcher's side reads '[Call not answered]'. Signalling only: nothing here needs media.

async function openConsole(browser: Browser, baseURL: string, account: string): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
  const context = await browser.newContext();
  const outside = await guardLoopback(context);
  const page = await context.newPage();
  await loginViaApi(page, baseURL, account);
  await page.goto(`${baseURL}/main/dispatch`);
  await expect(page.getByTestId('dispatch-console')).toBeVisible();
  return { context, page, outside };
}

test('a call given up while it rang is a missed call for the callee: dialog, chat entry and call log', async ({ browser, baseURL }) => {
  const dispatcher = await openConsole(browser, baseURL, 'dispatcher1');
  const member = await openConsole(browser, baseURL, 'member3');

  await dispatcher.page.getByTestId('member-row').filter({ hasText: 'Member 3' }).getByRole('button', { name: 'Call Member 3', exact: true }).click();
  const outgoing = dispatcher.page.getByRole('alertdialog', { name: 'Call with Member 3' });
  await expect(outgoing).toContainText('Waiting for Member 3 to answer');
  const incoming = member.page.getByRole('alertdialog', { name: 'Incoming call from Dispatcher 1' });
  await expect(incoming).toContainText('Dispatcher 1 is calling you');

  await outgoing.getByRole('button', { name: 'Hang up' }).click();
  await expect(outgoing).toContainText('Call cancelled');
  const missed = member.page.getByRole('alertdialog', { name: 'Call with Dispatcher 1' });
  await expect(missed.getByTestId('call-state')).toHaveText('Missed call');
  await missed.getByRole('button', { name: 'Close' }).click();

  // The chat with Dispatcher 1: an unread missed-call entry.
  const chats = member.page.getByRole('list', { name: 'Channels' });
  const row = chats.getByRole('button', { name: /^Dispatcher 1/ });
  await expect(row).toContainText('[Missed call]');
  await expect(row).toContainText(/1 unread/);
  await row.click();
  await expect(member.page.getByTestId('missed-call')).toHaveText('Missed call');

  // The call log counts it until it is looked at, and lists it.
  const logButton = member.page.getByRole('button', { name: 'Call log, 1 missed' });
  await expect(logButton).toBeVisible();
  await logButton.click();
  const log = member.page.getByRole('dialog', { name: 'Recent calls' });
  const entry = log.getByTestId('call-log-entry').first();
  await expect(entry).toHaveAttribute('data-outcome', 'missed');
  await expect(entry).toContainText(/Dispatcher 1.*Incoming.*Missed.*—/);
  await log.getByRole('button', { name: 'Close' }).last().click();
  await expect(member.page.getByRole('button', { name: 'Call log', exact: true })).toBeVisible();

  // The caller's side of the same entry.
  await dispatcher.page.getByRole('button', { name: 'Close' }).click();
  await expect(dispatcher.page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /^Member 3/ })).toContainText('[Call not answered]');

  expect(dispatcher.outside).toEqual([]);
  expect(member.outside).toEqual([]);
  await dispatcher.context.close();
  await member.context.close();
});
