import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { apiLogin, expect, loginViaApi, withOwnServer } from '../harness/fixtures';

// /main/deviceManagement against the real server: every device dialog (add, edit, log, details,
// first activate, cancel, re-activate, assign, status, delete, batch activate with its progress),
// the spec's refusals in its words (2036 in both languages, nothing chosen for a batch), actions
// hidden from a role that may not take them, and axe on the page and its dialogs. The tests create
// their own accounts and devices over REST (as admin: the page is the super admin's, and a second
// login of one account would end the first) on a server of the file's own.
const test = withOwnServer();
test.describe.configure({ mode: 'serial' });

interface Made {
  id: number;
  name: string;
}

let serial = 0;
/** A fresh 15-digit IMEI per device of this run. */
const nextImei = () => String(861_000_000_000_000 + Date.now() % 1_000_000 * 100 + ++serial);

async function call<T>(request: APIRequestContext, baseURL: string, token: string, method: 'POST' | 'GET', path: string, data?: object): Promise<T> {
  const res = await request.fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { code: number; data: T; msg: string };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

/** Inactive devices and handset accounts without a device, made over REST for this file. */
async function setUp(request: APIRequestContext, baseURL: string, names: string[], accounts: string[]) {
  const token = await apiLogin(request, baseURL, 'admin');
  const devices: Made[] = [];
  for (const name of names) devices.push(await call<Made>(request, baseURL, token, 'POST', '/api/devices', { name, platform: 'android', imei: nextImei() }));
  for (const account of accounts) {
    await call(request, baseURL, token, 'POST', '/api/users', { account, nickname: `Nick ${account}`, password: 'secret1' });
  }
  return devices;
}

async function openDevices(page: Page, baseURL: string, account = 'superadmin', locale: 'en' | 'zh' = 'en'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
  await page.goto(`${baseURL}/main/deviceManagement`);
}

/** Scanned once the dialog (or page) has faded in: half-way, every colour is half its contrast. */
async function expectNoBlockingViolations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

const row = (page: Page, d: Made) => page.getByTestId(`device-${d.id}`);

/** Opens a row action: Details is a button of the row, the others are in its menu. */
async function rowAction(page: Page, d: Made, action: string, more = `More actions for ${d.name}`): Promise<Locator> {
  const r = row(page, d);
  if (action === 'Details' || action === '详情') {
    await r.getByRole('button', { name: action, exact: true }).click();
  } else {
    await r.getByRole('button', { name: more }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  }
  return page.getByRole('dialog').or(page.getByRole('alertdialog'));
}

/** Chooses an account in the picker: typing (keys, which open the list) searches the server. */
async function chooseAccount(page: Page, picker: Locator, account: string): Promise<void> {
  await picker.fill('');
  await picker.pressSequentially(account);
  await page.getByRole('option', { name: new RegExp(`^${account} \\(`) }).click();
}

test('the table shows the devices with their state, filters them, says some need activation, and passes axe', async ({ page, baseURL, request }) => {
  const [spare] = await setUp(request, baseURL, ['E2E Table 01'], []);
  await openDevices(page, baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Devices of the organisation' });
  // Chromium reads the first header after the selection cell as a row header.
  await expect(table.getByRole('rowheader', { name: 'ID', exact: true }).or(table.getByRole('columnheader', { name: 'ID', exact: true }))).toBeVisible();
  for (const header of ['Name', 'IMEI', 'Platform', 'Status', 'Activation', 'Activation time', 'Bound user', 'Tag', 'Online']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(row(page, spare!)).toHaveAttribute('data-active', 'false');
  await expect(row(page, spare!)).toContainText('Inactive');
  await expect(row(page, spare!)).toContainText('No account');
  await expect(page.getByTestId('devices-need-activation')).toContainText('Some devices need activation');
  await expectNoBlockingViolations(page);

  await page.getByLabel('Activation', { exact: true }).selectOption({ label: 'Active' });
  await expect(row(page, spare!)).toHaveCount(0);
  await expect(page.getByTestId('devices-need-activation')).toHaveCount(0);
  await expect(table.getByText('member1 (Member 1)')).toBeVisible();
  await page.getByLabel('Activation', { exact: true }).selectOption({ label: 'All' });
  await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'iOS' });
  await expect(row(page, spare!)).toHaveCount(0);
  await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'All' });
  const search = page.waitForRequest((r) => r.url().includes('/api/devices?') && r.url().includes('q=E2E+Table'));
  await page.getByRole('searchbox', { name: 'Search name, IMEI, MAC or account' }).fill('E2E Table');
  await search;
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('add and edit a device, with name too long and "Device already exists"', async ({ page, baseURL, request }) => {
  const [taken] = await setUp(request, baseURL, ['E2E Taken 01'], []);
  const token = await apiLogin(request, baseURL, 'admin');
  const { imei } = await call<{ imei: string }>(request, baseURL, token, 'GET', `/api/devices/${taken!.id}`);
  await openDevices(page, baseURL);
  await page.getByRole('button', { name: 'Add device' }).click();
  const add = page.getByRole('dialog', { name: 'Add device' });
  await expect(add).toBeVisible();
  await expectNoBlockingViolations(page);
  await add.getByLabel('Name').fill('N'.repeat(33));
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('The device name is too long')).toBeVisible();
  await add.getByLabel('Name').fill('E2E Added 01');
  await add.getByLabel('IMEI').fill(imei);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('Device already exists')).toBeVisible();
  await add.getByLabel('IMEI').fill(nextImei());
  await add.getByLabel('Platform').selectOption({ label: 'iOS' });
  await add.getByLabel('Tag').fill('night');
  await add.getByLabel('Dispatcher', { exact: true }).selectOption({ label: 'Dispatcher 2 (dispatcher2)' });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Device E2E Added 01 added.' })).toBeVisible();
  const added = page.getByRole('row').filter({ hasText: 'E2E Added 01' });
  await expect(added).toContainText('iOS');
  await expect(added).toContainText('night');

  const id = Number((await added.getAttribute('data-testid'))!.replace('device-', ''));
  expect(await call<{ dispatcher: { nickname: string } | null }>(request, baseURL, token, 'GET', `/api/devices/${id}`)).toMatchObject({ dispatcher: { nickname: 'Dispatcher 2' } });
  const edit = await rowAction(page, { id, name: 'E2E Added 01' }, 'Edit');
  await expect(edit).toHaveAccessibleName('Edit device E2E Added 01');
  await expectNoBlockingViolations(page);
  await edit.getByLabel('Name').fill('E2E Edited 01');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, { id, name: '' })).toContainText('E2E Edited 01');
});

test('first activate (UID required, 2036), log, details, cancel, re-activate, assign, status and delete', async ({ page, baseURL, request }) => {
  const [d] = await setUp(request, baseURL, ['E2E Flow 01'], ['e2eflow1', 'e2eflow2', 'e2eflow3']);
  const device = d!;
  await openDevices(page, baseURL);

  let dialog = await rowAction(page, device, 'First activate');
  await expect(dialog).toHaveAccessibleName('First activate E2E Flow 01');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('UID required')).toBeVisible();
  await expectNoBlockingViolations(page);
  // member1 holds Handset 01 (seed): the server's 2036 in the spec's words.
  await chooseAccount(page, dialog.getByRole('combobox'), 'member1');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('The account is already bound to another device')).toBeVisible();
  await chooseAccount(page, dialog.getByRole('combobox'), 'e2eflow1');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, device)).toHaveAttribute('data-active', 'true');
  await expect(row(page, device)).toContainText('e2eflow1 (Nick e2eflow1)');
  await expect(row(page, device)).toContainText('Offline');

  dialog = await rowAction(page, device, 'Details');
  await expect(dialog).toHaveAccessibleName('Details of E2E Flow 01');
  const info = dialog.getByRole('definition');
  await expect(dialog.getByRole('term')).toHaveText(['User ID', 'Device ID', 'Device model', 'Phone', 'Last online', 'Online now']);
  await expect(info.nth(1)).toHaveText(String(device.id));
  await expect(info.nth(2)).toHaveText('Not reported yet');
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  dialog = await rowAction(page, device, 'Cancel account');
  await expect(dialog).toHaveAccessibleName('Cancel the account of E2E Flow 01');
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Cancel account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, device)).toContainText('No account');

  dialog = await rowAction(page, device, 'Re-activate');
  await expect(dialog).toHaveAccessibleName('Re-activate E2E Flow 01 with a new account');
  await chooseAccount(page, dialog.getByRole('combobox'), 'e2eflow2');
  await dialog.getByRole('button', { name: 'Re-activate' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, device)).toContainText('e2eflow2');

  await (await rowAction(page, device, 'Cancel account')).getByRole('button', { name: 'Cancel account' }).click();
  dialog = await rowAction(page, device, 'Assign account');
  await expect(dialog).toHaveAccessibleName('Assign an account to E2E Flow 01');
  await chooseAccount(page, dialog.getByRole('combobox'), 'e2eflow3');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, device)).toContainText('e2eflow3');

  dialog = await rowAction(page, device, 'Set disabled');
  await expect(dialog).toHaveAccessibleName('Disable E2E Flow 01');
  await dialog.getByRole('button', { name: 'Set disabled' }).click();
  await expect(row(page, device)).toHaveAttribute('data-status', 'disabled');
  await (await rowAction(page, device, 'Set available')).getByRole('button', { name: 'Set available' }).click();
  await expect(row(page, device)).toHaveAttribute('data-status', 'available');

  dialog = await rowAction(page, device, 'Log');
  await expect(dialog).toHaveAccessibleName('Log of E2E Flow 01');
  const log = dialog.getByRole('table', { name: 'Log of E2E Flow 01' });
  await expect(log.getByRole('row').nth(1)).toContainText('Status changed');
  for (const action of ['Created', 'Activated', 'Account cancelled', 'Re-activated', 'Account assigned']) {
    await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  dialog = await rowAction(page, device, 'Delete');
  await expect(dialog).toHaveAccessibleName('Delete E2E Flow 01');
  await expectNoBlockingViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, device)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Device E2E Flow 01 deleted.' })).toBeVisible();
});

test('batch activation: nothing chosen is refused; then progress with a result per device', async ({ page, baseURL, request }) => {
  const devices = await setUp(request, baseURL, ['E2E Batch 01', 'E2E Batch 02', 'E2E Batch 03'], ['e2ebatch1', 'e2ebatch2']);
  const [b1, b2, b3] = devices as [Made, Made, Made];
  await openDevices(page, baseURL);
  await page.getByRole('searchbox', { name: 'Search name, IMEI, MAC or account' }).fill('E2E Batch');
  await expect(page.getByRole('table', { name: 'Devices of the organisation' }).getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Batch activate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose at least one device' })).toBeVisible();

  for (const d of [b1, b2, b3]) await row(page, d).getByRole('checkbox').check();
  await expect(page.getByTestId('devices-need-activation')).toContainText('3 of the selected devices are inactive.');
  await page.getByRole('button', { name: 'Batch activate' }).click();
  const form = page.getByRole('dialog', { name: 'Batch activate' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Activate 3' }).click();
  await expect(form.getByText('UID required')).toHaveCount(3);
  await expectNoBlockingViolations(page);
  await chooseAccount(page, form.getByRole('combobox', { name: 'Account for E2E Batch 01' }), 'e2ebatch1');
  // member2 holds Handset 02 (seed): refused, the others still go ahead.
  await chooseAccount(page, form.getByRole('combobox', { name: 'Account for E2E Batch 02' }), 'member2');
  await chooseAccount(page, form.getByRole('combobox', { name: 'Account for E2E Batch 03' }), 'e2ebatch2');

  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/devices/batch-activate')) answers.push(r.status());
  });
  await form.getByRole('button', { name: 'Activate 3' }).click();
  const progress = page.getByRole('alertdialog', { name: 'Activating devices' });
  await expect(progress).toBeVisible();
  await expect(progress.getByText('2 activated, 1 refused.')).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '3 of 3 done');
  await expect(progress.getByRole('list', { name: 'Activated' }).getByRole('listitem')).toHaveText(['E2E Batch 01', 'E2E Batch 03']);
  await expect(progress.getByText('E2E Batch 02: The account is already bound to another device')).toBeVisible();
  // One request per device: the bar moved with each answer.
  expect(answers).toHaveLength(3);
  await expectNoBlockingViolations(page);
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(progress).toBeHidden();
  await expect(row(page, b1)).toHaveAttribute('data-active', 'true');
  await expect(row(page, b2)).toHaveAttribute('data-active', 'false');
  await expect(row(page, b3)).toContainText('e2ebatch2');
});

test('in Chinese: headings, the 2036 refusal and the nothing-chosen refusal', async ({ page, baseURL, request }) => {
  const [d] = await setUp(request, baseURL, ['E2E Zh 01'], []);
  await openDevices(page, baseURL, 'superadmin', 'zh');
  await expect(page.getByRole('heading', { level: 1, name: '设备' })).toBeVisible();
  const table = page.getByRole('table', { name: '组织的设备' });
  for (const header of ['名称', '平台', '状态', '激活时间', '绑定用户']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(page.getByTestId('devices-need-activation')).toContainText('部分设备需要激活');
  await page.getByRole('button', { name: '批量激活' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请至少选择一台设备' })).toBeVisible();

  await rowAction(page, d!, '首次激活', 'E2E Zh 01 的更多操作');
  const dialog = page.getByRole('dialog', { name: '首次激活 E2E Zh 01' });
  await dialog.getByRole('button', { name: '激活' }).click();
  await expect(dialog.getByText('请输入 UID')).toBeVisible();
  await chooseAccount(page, dialog.getByRole('combobox'), 'member3');
  await dialog.getByRole('button', { name: '激活' }).click();
  await expect(dialog.getByText('账号已绑定其他设备')).toBeVisible();
  await expectNoBlockingViolations(page);
});

test('a dispatcher reads devices and their log but is offered no change', async ({ page, baseURL, request }) => {
  const [d] = await setUp(request, baseURL, ['E2E Read 01'], []);
  await openDevices(page, baseURL, 'dispatcher1');
  await expect(row(page, d!)).toBeVisible();
  // Details is the row's own button; its menu holds only the log.
  await expect(row(page, d!).getByRole('button', { name: 'Details', exact: true })).toBeVisible();
  await row(page, d!).getByRole('button', { name: 'More actions for E2E Read 01' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Log']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Add device' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Batch activate' })).toHaveCount(0);
  await expect(row(page, d!).getByRole('checkbox')).toHaveCount(0);
  // The server refuses anyway.
  const token = await apiLogin(request, baseURL, 'dispatcher2');
  const res = await request.post(`${baseURL}/api/devices/batch-activate`, { headers: { authorization: `Bearer ${token}` }, data: { items: [{ deviceId: d!.id, uid: 1 }] } });
  expect(((await res.json()) as { msg: string }).msg).toBe('Insufficient permissions');
});

test("another console's change shows in the open table without a reload (DeviceChange on the bus)", async ({ page, baseURL, request }) => {
  const [d] = await setUp(request, baseURL, ['E2E Live 01'], ['e2elive1']);
  await openDevices(page, baseURL);
  await expect(row(page, d!)).toHaveAttribute('data-active', 'false');
  const token = await apiLogin(request, baseURL, 'admin');
  const users = await call<{ items: { id: number }[] }>(request, baseURL, token, 'GET', '/api/users?q=e2elive1');
  const reloads: string[] = [];
  page.on('framenavigated', (f) => reloads.push(f.url()));
  await call(request, baseURL, token, 'POST', `/api/devices/${d!.id}/activate`, { uid: users.items[0]!.id });
  await expect(row(page, d!)).toHaveAttribute('data-active', 'true', { timeout: 3000 });
  await expect(row(page, d!)).toContainText('e2elive1');
  expect(reloads).toEqual([]);
});
