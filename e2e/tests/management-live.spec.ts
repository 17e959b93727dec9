import type { Browser, Page } from '@playwright/test';
import { expect, loginViaApi, withOwnServer } from '../harness/fixtures';

// Two managers have the users page open: what one does shows in the other's table through the
// event bus (UserAdd, UserLock frames invalidating the list), and presence follows OnLine frames,
// all without a reload. Its own server: it adds and locks accounts.
const test = withOwnServer();

/** Within a second, as the issue asks, with room for a loaded machine. */
const LIVE_MS = 2_000;

async function usersPage(browser: Browser, baseURL: string, account: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginViaApi(page, baseURL, account);
  await page.goto(`${baseURL}/main/userManagement`);
  await expect(page.getByTestId('user-member1')).toBeVisible();
  return page;
}

test('a user added and locked on one manager console shows on the other without a reload, and so does presence', async ({ browser, baseURL }) => {
  const one = await usersPage(browser, baseURL, 'admin');
  const other = await usersPage(browser, baseURL, 'superadmin');
  let loads = 0;
  other.on('load', () => (loads += 1));

  await one.getByRole('button', { name: 'Add user' }).click();
  const add = one.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('Account').fill('live1');
  await add.getByLabel('Nickname').fill('Live One');
  await add.getByLabel('Password').fill('secret1');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(other.getByTestId('user-live1')).toContainText('Live One', { timeout: LIVE_MS });

  await one.getByTestId('user-live1').getByRole('button', { name: 'More actions for Live One' }).click();
  await one.getByRole('menuitem', { name: 'Lock', exact: true }).click();
  await one.getByRole('alertdialog').getByRole('button', { name: 'Lock' }).click();
  await expect(one.getByTestId('user-live1')).toHaveAttribute('data-locked', 'true');
  await expect(other.getByTestId('user-live1')).toHaveAttribute('data-locked', 'true', { timeout: LIVE_MS });
  await expect(other.getByTestId('user-live1')).toContainText('Locked');

  // A member's console comes online: the status column follows the OnLine frame.
  await expect(other.getByTestId('user-member2')).toHaveAttribute('data-status', 'offline');
  const member = await (await browser.newContext()).newPage();
  await loginViaApi(member, baseURL, 'member2');
  await member.goto(`${baseURL}/main/dispatch`);
  await expect(other.getByTestId('user-member2')).toHaveAttribute('data-status', 'online');
  await member.context().close();
  await expect(other.getByTestId('user-member2')).toHaveAttribute('data-status', 'offline', { timeout: 15_000 });

  expect(loads).toBe(0);
});
