// /main/channelManagement (issue 17): every channel dialog against the real server, with the
// spec's refusals (empty, too long and illegal names, a user already on the channel, the
// enterprise channel that cannot be deleted), the roles' hidden actions, another manager's change
// arriving over the bus, and axe on the page and each dialog. The file has its own server: it
// creates, disbands and deletes channels other specs count on.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { expect, loginViaApi, apiLogin, withOwnServer } from '../harness/fixtures';

const test = withOwnServer();

const TEXT = {
  en: {
    heading: 'Channels',
    add: 'Add channel',
    addTitle: 'Add channel',
    name: 'Channel name',
    save: 'Save',
    nameRequired: "Please enter a new channel's name",
    nameTooLong: 'The channel name is too long',
    nameIllegal: 'Illegal channel name',
    del: 'Delete',
    delTitle: 'Delete channel',
    typeToConfirm: (text: string) => `Type ${text} to confirm`,
    enterpriseRefusal: 'The enterprise channel cannot be deleted',
  },
  zh: {
    heading: '频道',
    add: '添加频道',
    addTitle: '添加频道',
    name: '频道名称',
    save: '保存',
    nameRequired: '请输入新频道名称',
    nameTooLong: '频道名称过长',
    nameIllegal: '频道名称不合法',
    del: '删除',
    delTitle: '删除频道',
    typeToConfirm: (text: string) => `输入 ${text} 以确认`,
    enterpriseRefusal: '企业频道不能删除',
  },
} as const;

async function openPage(page: Page, baseURL: string, account: string, locale: 'en' | 'zh' = 'en'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
  await page.goto(`${baseURL}/main/channelManagement`);
  await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].heading })).toBeVisible();
}

/** Axe once the dialogs have faded in (half-way, every colour is half its contrast). */
async function expectAxeClean(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

function channelRow(page: Page, name: string, locale: 'en' | 'zh' = 'en'): Locator {
  return page.getByRole('table', { name: TEXT[locale].heading }).getByRole('row').filter({ hasText: name });
}

/** Chooses an action in a row's "More actions" menu (Members, and Edit in the member list, are buttons of the row). */
async function menuAction(page: Page, row: Locator, action: string): Promise<void> {
  await row.getByRole('button', { name: /^More actions for |的更多操作$/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Picks a person in the member picker by typing part of their name. */
async function pick(page: Page, dialog: Locator, label: string, nickname: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(nickname);
  await page.getByRole('option', { name: new RegExp(nickname) }).click();
}

async function createChannel(request: APIRequestContext, baseURL: string, name: string): Promise<number> {
  const token = await apiLogin(request, baseURL, 'superadmin');
  const res = await request.post(`${baseURL}/api/channels`, { headers: { authorization: `Bearer ${token}` }, data: { name } });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  return body.data.id;
}

test('a super manager adds, edits, suspends, resumes, fills, disbands and deletes a channel, with the refusals in words', async ({ page, baseURL }) => {
  const x = TEXT.en;
  const name = `Night ${Date.now() % 1_000_000}`;
  await openPage(page, baseURL, 'superadmin');
  await expect(channelRow(page, 'General')).toContainText('Enterprise channel');
  await expectAxeClean(page);

  // Add: the spec's three name refusals before anything is sent, then the channel.
  await page.getByRole('button', { name: x.add }).click();
  const adder = page.getByRole('dialog', { name: x.addTitle });
  const nameBox = adder.getByRole('textbox', { name: x.name });
  await adder.getByRole('button', { name: x.save }).click();
  await expect(adder.getByText(x.nameRequired)).toBeVisible();
  await nameBox.fill('x'.repeat(33));
  await adder.getByRole('button', { name: x.save }).click();
  await expect(adder.getByText(x.nameTooLong)).toBeVisible();
  await nameBox.fill('a<b>');
  await adder.getByRole('button', { name: x.save }).click();
  await expect(adder.getByText(x.nameIllegal)).toBeVisible();
  await expectAxeClean(page);
  await nameBox.fill(name);
  await pick(page, adder, 'First members', 'Member 1');
  await adder.getByRole('button', { name: x.save }).click();
  await expect(adder).toBeHidden();
  await expect(page.getByRole('region', { name: x.heading }).getByRole('status')).toContainText(`Channel "${name}" added`);
  await page.getByRole('searchbox').fill(name);
  const row = channelRow(page, name);
  await expect(row).toContainText('Enabled');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // A second channel of the same name is refused on the name field.
  await page.getByRole('button', { name: x.add }).click();
  await page.getByRole('dialog', { name: x.addTitle }).getByRole('textbox', { name: x.name }).fill(name);
  await page.getByRole('dialog', { name: x.addTitle }).getByRole('button', { name: x.save }).click();
  await expect(page.getByRole('dialog', { name: x.addTitle }).getByText('The channel name already exists')).toBeVisible();
  await page.getByRole('dialog', { name: x.addTitle }).getByRole('button', { name: 'Cancel' }).click();

  // Edit: a new name and the suspended state in one go; then resume from the row.
  await menuAction(page, row, 'Edit');
  const editor = page.getByRole('dialog', { name: 'Edit channel' });
  await editor.getByRole('textbox', { name: x.name }).fill(`${name} B`);
  await editor.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Suspended' });
  await expectAxeClean(page);
  await editor.getByRole('button', { name: x.save }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText(`${name} B`);
  await expect(row).toContainText('Suspended');
  await menuAction(page, row, 'Resume');
  await expect(row).toContainText('Enabled');
  await menuAction(page, row, 'Suspend');
  await expect(row).toContainText('Suspended');
  await menuAction(page, row, 'Resume');
  await expect(row).toContainText('Enabled');

  // Add members: two more people; then someone already on it is refused in the spec's words.
  await menuAction(page, row, 'Add members');
  let adding = page.getByRole('dialog', { name: `Add members to "${name} B"` });
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding.getByText('Please choose at least one user')).toBeVisible();
  await pick(page, adding, 'Members to add', 'Member 2');
  await pick(page, adding, 'Members to add', 'Member 3');
  await expectAxeClean(page);
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding).toBeHidden();
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await menuAction(page, row, 'Add members');
  adding = page.getByRole('dialog', { name: `Add members to "${name} B"` });
  await pick(page, adding, 'Members to add', 'Member 1');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding.getByText('User already on the channel').first()).toBeVisible();
  await expect(adding.getByRole('option', { name: 'Remove Member 1 (User already on the channel)' })).toBeVisible();
  await expectAxeClean(page);
  await adding.getByRole('button', { name: 'Cancel' }).click();

  // The member list: role, level and remark edited, one disabled, one removed.
  await row.getByRole('button', { name: 'Members', exact: true }).click();
  let members = page.getByRole('dialog', { name: `Members of "${name} B"` });
  const memberRow = (nick: string) => members.getByRole('row').filter({ hasText: nick });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expectAxeClean(page);
  await memberRow('Member 1').getByRole('button', { name: 'Edit' }).click();
  const memberEditor = page.getByRole('dialog', { name: 'Edit member "Member 1"' });
  await memberEditor.getByRole('combobox', { name: 'Role in the channel' }).selectOption({ label: 'Dispatcher' });
  await memberEditor.getByRole('spinbutton', { name: 'Level' }).fill('12');
  await memberEditor.getByRole('button', { name: x.save }).click();
  await expect(memberEditor.getByText('The level must be a whole number from 0 to 9')).toBeVisible();
  await memberEditor.getByRole('spinbutton', { name: 'Level' }).fill('3');
  await memberEditor.getByRole('textbox', { name: 'Remark' }).fill('north gate');
  await expectAxeClean(page);
  await memberEditor.getByRole('button', { name: x.save }).click();
  await expect(memberEditor).toBeHidden();
  members = page.getByRole('dialog', { name: `Members of "${name} B"` });
  await expect(memberRow('Member 1')).toContainText('Dispatcher');
  await expect(memberRow('Member 1')).toContainText('north gate');
  await expect(memberRow('Member 1').getByRole('cell').nth(3)).toHaveText('3');
  await menuAction(page, memberRow('Member 2'), 'Disable');
  await expect(memberRow('Member 2')).toContainText('Disabled');
  await menuAction(page, memberRow('Member 3'), 'Remove');
  const removing = page.getByRole('alertdialog', { name: 'Remove member' });
  await expectAxeClean(page);
  await removing.getByRole('button', { name: 'Remove' }).click();
  await expect(removing).toBeHidden();
  await expect(memberRow('Member 3')).toHaveCount(0);
  await members.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');

  // Disband (it leaves the live list), then delete it for good from the disbanded ones.
  await menuAction(page, row, 'Disband');
  const disbanding = page.getByRole('alertdialog', { name: 'Disband channel' });
  await expectAxeClean(page);
  await disbanding.getByRole('button', { name: 'Disband' }).click();
  await expect(disbanding).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Disbanded' });
  await expect(row).toContainText('Disbanded');
  await menuAction(page, row, x.del);
  const deleting = page.getByRole('alertdialog', { name: x.delTitle });
  await expect(deleting.getByRole('button', { name: x.del })).toBeDisabled();
  await deleting.getByRole('textbox', { name: x.typeToConfirm(`${name} B`) }).fill(`${name} B`);
  await expectAxeClean(page);
  await deleting.getByRole('button', { name: x.del }).click();
  await expect(deleting).toBeHidden();
  await expect(row).toHaveCount(0);
});

for (const locale of ['en', 'zh'] as const) {
  const x = TEXT[locale];
  test(`the enterprise channel cannot be deleted, and an empty name is refused (${locale})`, async ({ page, baseURL }) => {
    await openPage(page, baseURL, 'superadmin', locale);
    await page.getByRole('button', { name: x.add }).click();
    const adder = page.getByRole('dialog', { name: x.addTitle });
    await adder.getByRole('button', { name: x.save }).click();
    await expect(adder.getByText(x.nameRequired)).toBeVisible();
    await adder.getByRole('textbox', { name: x.name }).fill('y'.repeat(40));
    await adder.getByRole('button', { name: x.save }).click();
    await expect(adder.getByText(x.nameTooLong)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(adder).toBeHidden();

    await menuAction(page, channelRow(page, 'General', locale), x.del);
    const deleting = page.getByRole('alertdialog', { name: x.delTitle });
    await deleting.getByRole('textbox', { name: x.typeToConfirm('General') }).fill('General');
    await deleting.getByRole('button', { name: x.del }).click();
    await expect(deleting.getByText(x.enterpriseRefusal)).toBeVisible();
    await expectAxeClean(page);
  });
}

test('a dispatcher is offered only what the role may do', async ({ page, baseURL }) => {
  await openPage(page, baseURL, 'dispatcher1');
  const row = channelRow(page, 'Security');
  // Members is the row's own button; the menu has only what a dispatcher may do.
  await expect(row.getByRole('button', { name: 'Members', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'More actions for Security' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Add members', 'Suspend']);
  await expect(page.getByRole('button', { name: 'Add channel' })).toHaveCount(0);
});

test("another manager's new channel shows in the open table without a reload", async ({ page, baseURL, playwright }) => {
  await openPage(page, baseURL, 'admin');
  const name = `Live ${Date.now() % 1_000_000}`;
  await expect(channelRow(page, 'General')).toBeVisible();
  const request = await playwright.request.newContext();
  await createChannel(request, baseURL, name);
  await request.dispose();
  // The bus's ChannelChange invalidates the list (within 300 ms) and it refetches.
  await expect(channelRow(page, name)).toBeVisible({ timeout: 2_000 });
});
