import { expect, loginViaApi, withOwnServer } from '../harness/fixtures';

// Issue 15 item 14 (ADR 014): an admin is in no channel, and Dispatch used to open empty. Now it
// offers the organisation's channels; joining them makes the console a working one. Own server:
// the joins change memberships other specs count.

const test = withOwnServer();

test('an admin opening Dispatch joins the channels and can dispatch', async ({ page, baseURL }) => {
  await loginViaApi(page, baseURL, 'admin');
  await page.goto(`${baseURL}/main/dispatch`);
  const join = page.getByTestId('join-channels');
  await expect(join).toContainText('You are in no channel yet');
  await join.getByRole('button', { name: /^Join all \d+ channels$/ }).click();
  const channels = page.getByRole('list', { name: 'Channels' });
  await expect(channels.getByRole('button', { name: /General/ })).toBeVisible();
  await expect(join).toBeHidden();
  // A channel is open with its members and the PTT area: the console can dispatch.
  await channels.getByRole('button', { name: /General/ }).click();
  await expect(page.getByTestId('member-row').filter({ hasText: 'Member 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Push-to-talk' })).toBeVisible();
  // Kept: a reload shows the channels, not the offer.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /General/ })).toBeVisible();
  await expect(page.getByTestId('join-channels')).toBeHidden();
});

test('the offer speaks Chinese', async ({ page, baseURL }) => {
  await loginViaApi(page, baseURL, 'superadmin');
  await page.evaluate(() => localStorage.setItem('locale', 'zh'));
  await page.goto(`${baseURL}/main/dispatch`);
  const join = page.getByTestId('join-channels');
  await expect(join).toContainText('您还未加入任何频道');
  await expect(join.getByRole('button', { name: /^加入全部 \d+ 个频道$/ })).toBeVisible();
});
