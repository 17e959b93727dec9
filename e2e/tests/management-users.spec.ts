import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { DEMO, expect, loginViaApi, withOwnServer } from '../harness/fixtures';

// /main/userManagement against the real server: every dialog of the users page, the spec's
// refusals in its words (both languages for one), actions hidden from a role that may not take
// them, export and import, and axe on the page and its dialogs. The tests lock, demote and delete
// accounts, so the file has a server of its own; they run in order on it.
const test = withOwnServer();
test.describe.configure({ mode: 'serial' });

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function openUsers(page: Page, baseURL: string, account: string, locale: 'en' | 'zh' = 'en'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
  await page.goto(`${baseURL}/main/userManagement`);
}

/** Scanned once the dialog (or page) has faded in: half-way, every colour is half its contrast. */
async function expectNoBlockingViolations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

const row = (page: Page, account: string) => page.getByTestId(`user-${account}`);

/** Opens a row action: Edit is a button of the row, the others are in its menu. */
async function rowAction(page: Page, account: string, nickname: string, action: string, more = `More actions for ${nickname}`): Promise<Locator> {
  const r = row(page, account);
  if (action === 'Edit' || action === '编辑') await r.getByRole('button', { name: action }).click();
  else {
    await r.getByRole('button', { name: more }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  }
  // A question (lock, delete) is an alert dialog; the rest are plain dialogs.
  return page.getByRole('dialog').or(page.getByRole('alertdialog'));
}

test('the table lists the users with role, lock and status, searches and filters, and passes axe', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Users of the organisation' });
  for (const header of ['Account', 'Nickname', 'UID', 'Role', 'Lock', 'Dispatcher', 'Status', 'Devices', 'Channels', 'Tags']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const member1 = row(page, 'member1');
  await expect(member1).toContainText('Member 1');
  await expect(member1).toContainText('Dispatcher 1');
  await expect(member1).toHaveAttribute('data-locked', 'false');
  await expect(row(page, 'dispatcher1').getByRole('cell').nth(3)).toHaveText('Dispatcher');
  // The manager's own console is online; presence shows it without any refetch of the list.
  await expect(row(page, 'admin')).toHaveAttribute('data-status', 'online');
  await expect(row(page, 'member1')).toHaveAttribute('data-status', 'offline');
  await expectNoBlockingViolations(page);

  const search = page.waitForRequest((r) => r.url().includes('/api/users?') && r.url().includes('q=member1'));
  await page.getByRole('searchbox', { name: 'Search account or nickname' }).fill('member1');
  await search;
  await expect(row(page, 'member2')).toHaveCount(0);
  await expect(member1).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search account or nickname' }).fill('');

  await page.getByLabel('Role').selectOption({ label: 'Dispatcher' });
  await expect(row(page, 'member1')).toHaveCount(0);
  await expect(row(page, 'dispatcher2')).toBeVisible();
  await page.getByLabel('Role').selectOption({ label: 'All' });

  const online = page.waitForRequest((r) => r.url().includes('online=true'));
  await page.getByLabel('Status').selectOption({ label: 'Online' });
  await online;
  await expect(row(page, 'member1')).toHaveCount(0);
  await expect(row(page, 'admin')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'All' });

  // Channels are searched on the server as one types.
  await page.getByRole('combobox', { name: 'Channel' }).pressSequentially('Gen');
  await page.getByRole('listbox', { name: 'Channel' }).getByRole('option', { name: 'General', exact: true }).click();
  await expect(row(page, 'member1')).toBeVisible();
  await expect(row(page, 'admin')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('listbox', { name: 'Channel' }).getByRole('option', { name: 'All', exact: true }).click();
  await expect(row(page, 'admin')).toBeVisible();
});

test('add, edit, change role, reset password and tags, with the field refusals in the spec\'s words', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin');
  await page.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await expect(add).toBeVisible();
  await expectNoBlockingViolations(page);
  await add.getByLabel('Account').fill('e2euser1');
  await add.getByLabel('Password').fill('secret1');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Please enter a nickname correctly')).toBeVisible();
  await add.getByLabel('Nickname').fill('N'.repeat(33));
  await expect(add.getByText("User's name is too long, please re-enter")).toBeVisible();
  await add.getByLabel('Nickname').fill('E2E User');
  await add.getByLabel('Channel remark').fill('<script>');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Do not enter a special string')).toBeVisible();
  await add.getByLabel('Channel remark').fill('night shift');
  await add.getByLabel('Dispatcher').selectOption({ label: 'Dispatcher 2 (dispatcher2)' });
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'User E2E User added' })).toBeVisible();
  await expect(row(page, 'e2euser1')).toContainText('Dispatcher 2');

  let dialog = await rowAction(page, 'e2euser1', 'E2E User', 'Edit');
  await expect(dialog).toHaveAccessibleName('Edit E2E User');
  await expect(dialog.getByLabel('Channel remark')).toHaveValue('night shift');
  await dialog.getByLabel('Nickname').fill('E2E Renamed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'e2euser1')).toContainText('E2E Renamed');

  dialog = await rowAction(page, 'e2euser1', 'E2E Renamed', 'Change role');
  await expect(dialog).toHaveAccessibleName('Change the role of E2E Renamed');
  await dialog.getByLabel('Role').selectOption({ label: 'Dispatcher' });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'e2euser1').getByRole('cell').nth(3)).toHaveText('Dispatcher');
  dialog = await rowAction(page, 'e2euser1', 'E2E Renamed', 'Change role');
  await dialog.getByLabel('Role').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(row(page, 'e2euser1').getByRole('cell').nth(3)).toHaveText('User');

  dialog = await rowAction(page, 'e2euser1', 'E2E Renamed', 'Reset password');
  await expect(dialog).toHaveAccessibleName('Reset the password of E2E Renamed');
  await dialog.getByLabel('New password').fill('abc');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByRole('button', { name: 'Reset password' })).toBeVisible();
  await dialog.getByLabel('New password').fill('newpass1');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog).toBeHidden();
  const login = await page.request.post(`${baseURL}/api/auth/login`, { data: { entId: DEMO.entId, account: 'e2euser1', password: 'newpass1' } });
  expect(((await login.json()) as { code: number }).code).toBe(0);

  dialog = await rowAction(page, 'e2euser1', 'E2E Renamed', 'Tags');
  await expect(dialog).toHaveAccessibleName('Tags of E2E Renamed');
  await dialog.getByLabel('Tags').fill('alpha, beta<');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(dialog.getByText('Tags are 1 to 20 characters without special characters')).toBeVisible();
  await dialog.getByLabel('Tags').fill('alpha, beta');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'e2euser1')).toContainText('alpha, beta');
});

test('avatar, blacklist, devices and channels, and the location track', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin');
  let dialog = await rowAction(page, 'member1', 'Member 1', 'Avatar');
  await expect(dialog).toHaveAccessibleName('Avatar of Member 1');
  await dialog.getByLabel(/^Image/).setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByRole('img', { name: 'The chosen image' })).toBeVisible();
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Avatar of Member 1 saved' })).toBeVisible();

  dialog = await rowAction(page, 'member1', 'Member 1', 'Blacklist');
  await expect(dialog).toHaveAccessibleName('Blacklist of Member 1');
  await expect(dialog.getByText('Nobody is on the blacklist')).toBeVisible();
  // Typed key by key, as a person would: the list opens on typing.
  await dialog.getByRole('combobox', { name: 'User to block' }).pressSequentially('member2');
  await page.getByRole('option', { name: 'Member 2 (member2)' }).click();
  await dialog.getByRole('button', { name: 'Add to blacklist' }).click();
  const blocked = dialog.getByRole('row').filter({ hasText: 'member2' });
  await expect(blocked).toBeVisible();
  await expectNoBlockingViolations(page);
  // Twice is refused in the server's words, on top of the dialog.
  await dialog.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(dialog.getByText('The user is already on the blacklist')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Member 2 from the blacklist' }).click();
  await expect(dialog.getByText('Nobody is on the blacklist')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  dialog = await rowAction(page, 'member1', 'Member 1', 'Devices and channels');
  await expect(dialog).toHaveAccessibleName('Devices and channels of Member 1');
  await expect(dialog.getByRole('table', { name: 'Channels' }).getByRole('row').filter({ hasText: 'General' })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Devices' }).getByRole('row')).toHaveCount(2);
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  dialog = await rowAction(page, 'member1', 'Member 1', 'Location track');
  await expect(dialog).toHaveAccessibleName('Track of Member 1');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

test('refusals: a dispatcher cannot be locked, the last dispatcher keeps the role and cannot be deleted, an admin above one is out of reach', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin');
  let dialog = await rowAction(page, 'dispatcher1', 'Dispatcher 1', 'Lock');
  await expect(dialog).toHaveAccessibleName('Lock Dispatcher 1?');
  await dialog.getByRole('button', { name: 'Lock' }).click();
  await expect(dialog.getByText('Dispatcher is not allowed to lock or delete')).toBeVisible();
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'dispatcher1')).toHaveAttribute('data-locked', 'false');

  // dispatcher2 becomes a user: dispatcher1 is the last dispatcher, and keeps the role (2030).
  dialog = await rowAction(page, 'dispatcher2', 'Dispatcher 2', 'Change role');
  await dialog.getByLabel('Role').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog).toBeHidden();
  dialog = await rowAction(page, 'dispatcher1', 'Dispatcher 1', 'Change role');
  await dialog.getByLabel('Role').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(dialog.getByText('At least one dispatcher needed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'dispatcher1').getByRole('cell').nth(3)).toHaveText('Dispatcher');

  // Nor can the last dispatcher be deleted.
  dialog = await rowAction(page, 'dispatcher1', 'Dispatcher 1', 'Delete');
  await expect(dialog).toHaveAccessibleName('Delete Dispatcher 1?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Dispatcher cannot delete')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Only a super admin acts on admin accounts.
  dialog = await rowAction(page, 'superadmin', 'Super Admin', 'Lock');
  await dialog.getByRole('button', { name: 'Lock' }).click();
  await expect(dialog.getByText('Insufficient permissions')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A member locks, unlocks and is deleted.
  dialog = await rowAction(page, 'member3', 'Member 3', 'Lock');
  await dialog.getByRole('button', { name: 'Lock' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'member3')).toHaveAttribute('data-locked', 'true');
  await expect(row(page, 'member3')).toContainText('Locked');
  dialog = await rowAction(page, 'member3', 'Member 3', 'Unlock');
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(row(page, 'member3')).toHaveAttribute('data-locked', 'false');
  dialog = await rowAction(page, 'member6', 'Member 6', 'Delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'member6')).toHaveCount(0);
});

test('in Chinese: headings, a dialog and a refusal', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin', 'zh');
  await expect(page.getByRole('heading', { level: 1, name: '用户' })).toBeVisible();
  await expect(page.getByRole('table', { name: '组织的用户' }).getByRole('columnheader', { name: '角色' })).toBeVisible();
  await expect(row(page, 'dispatcher1').getByRole('cell').nth(3)).toHaveText('调度员');
  await page.getByRole('button', { name: '添加用户' }).click();
  const add = page.getByRole('dialog', { name: '添加用户' });
  await add.getByLabel('昵称').fill('N'.repeat(33));
  await add.getByRole('button', { name: '添加' }).click();
  await expect(add.getByText('用户名称过长，请重新输入')).toBeVisible();
  await expectNoBlockingViolations(page);
  await add.getByRole('button', { name: '取消' }).click();

  const dialog = await rowAction(page, 'dispatcher1', 'Dispatcher 1', '锁定', 'Dispatcher 1 的更多操作');
  await expect(dialog).toHaveAccessibleName('锁定 Dispatcher 1？');
  await dialog.getByRole('button', { name: '锁定' }).click();
  await expect(dialog.getByText('调度员不允许锁定或删除')).toBeVisible();
  await expectNoBlockingViolations(page);
});

test('a dispatcher sees the users but none of the managers\' actions, and the server refuses them anyway', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'dispatcher1');
  await expect(row(page, 'member1')).toBeVisible();
  for (const name of ['Add user', 'Import', 'Export']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(row(page, 'member1').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await row(page, 'member1').getByRole('button', { name: 'More actions for Member 1' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Devices and channels', 'Location track']);
  await page.keyboard.press('Escape');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const id = await row(page, 'member1').getByRole('cell').nth(2).textContent();
  const res = await page.request.post(`${baseURL}/api/users/${id}/lock`, { headers: { authorization: `Bearer ${token}` } });
  expect((await res.json()) as { code: number; msg: string }).toMatchObject({ code: 2001, msg: 'Insufficient permissions' });
});

test('export with the filters, the import template, and an import with a result per row', async ({ page, baseURL }) => {
  await openUsers(page, baseURL, 'admin');
  await page.getByLabel('Role').selectOption({ label: 'Dispatcher' });
  await expect(row(page, 'member1')).toHaveCount(0);
  const exportRequest = page.waitForRequest((r) => r.url().includes('/api/users/export') && r.url().includes('role=1'));
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await exportRequest;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await exported).path());
  const accounts = book.worksheets[0]!.getColumn(1).values.slice(2).map(String);
  expect(accounts).toEqual(['dispatcher1']);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import users' });
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template' }).click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);
  await expectNoBlockingViolations(page);

  const sheet = new ExcelJS.Workbook();
  const ws = sheet.addWorksheet('Users');
  ws.addRow(['account', 'nickname', 'password', 'role', 'tags', 'channels']);
  ws.addRow(['imported1', 'Imported One', 'secret1', 'user', '', '']);
  ws.addRow(['imported2', 'N'.repeat(33), 'secret1', 'user', '', '']);
  const buffer = Buffer.from(await sheet.xlsx.writeBuffer());
  await dialog.getByLabel('Spreadsheet (xlsx)').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('2 rows: 1 added, 0 changed, 0 unchanged, 1 refused')).toBeVisible();
  const refused = dialog.getByRole('table', { name: 'Refused rows' }).getByRole('row').filter({ hasText: "User's name is too long, please re-enter" });
  await expect(refused).toContainText('3');
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Role').selectOption({ label: 'All' });
  await expect(row(page, 'imported1')).toBeVisible();
});
