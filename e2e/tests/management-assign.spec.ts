import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { ASSIGNMENT_SHEET_COLUMNS, OperationType, STORAGE_KEYS, type AssignmentLayout } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { expect, loginViaApi, withOwnServer } from '../harness/fixtures';

// Assign channels by Excel (issue 17, acceptance 2) on the real server: both templates downloaded
// and filled with exceljs (good rows, an unknown user, an unknown channel, a repeated row), the dry
// run lists each bad row by number and reason and writes nothing, submit applies exactly the good
// rows, the operation log has the import; every wizard step passes axe. Memberships change, so the
// file has a server of its own.
const test = withOwnServer();
test.describe.configure({ mode: 'serial' });

const TEXT = {
  en: {
    open: 'Assign channels by Excel',
    byUser: /One row per user/,
    byChannel: /One row per channel/,
    download: 'Download template',
    next: 'Next',
    submit: 'Submit',
    finish: 'Finish',
    step3: 'Step 3 of 4: Check',
    noUser: 'Account “ghost”: No such user',
    noChannel: (name: string, field: string) => `${field} “${name}”: No such channel`,
    duplicate: (account: string) => `Account “${account}”: Repeats an earlier row of the file`,
    errors: 'Errors: 3',
    applied: 'The assignments are applied.',
    created: 'New memberships: 2',
    changed: (n: number) => `Changed: ${n}`,
    skipped: 'Rows skipped with errors: 3',
    channelField: 'Channel',
    channelsField: 'Channels',
  },
  zh: {
    open: '通过 Excel 分配频道',
    byUser: /每行一个用户/,
    byChannel: /每行一个频道和用户/,
    download: '下载模板',
    next: '下一步',
    submit: '提交',
    finish: '完成',
    step3: '第 3 步，共 4 步：检查',
    noUser: '账号“ghost”：用户不存在',
    noChannel: (name: string, field: string) => `${field}“${name}”：频道不存在`,
    duplicate: (account: string) => `账号“${account}”：与文件中之前的行重复`,
    errors: '错误：3',
    applied: '分配已应用。',
    created: '新成员关系：2',
    changed: (n: number) => `变更：${n}`,
    skipped: '因错误跳过的行：3',
    channelField: '频道',
    channelsField: '频道',
  },
} as const;

/** Rows 2-7 of each layout: two or three good rows, then the three bad ones at known rows. */
const ROWS: Record<AssignmentLayout, (string | number)[][]> = {
  byChannel: [
    ['Security', 'member4', 3, 'night shift'], // 2 create
    ['Logistics', 'member1', 2, ''], // 3 create
    ['Security', 'ghost', '', ''], // 4 unknown user
    ['Nowhere', 'member2', '', ''], // 5 unknown channel
    ['security', 'MEMBER4', '', ''], // 6 repeats row 2
    ['Security', 'member1', 5, 'lead'], // 7 change
  ],
  byUser: [
    ['member5', 'Security, General'], // 2 create (Security)
    ['ghost', 'General'], // 3 unknown user
    ['member6', 'Nowhere'], // 4 unknown channel
    ['MEMBER5', 'Logistics'], // 5 repeats row 2
    ['member2', 'Logistics'], // 6 create
  ],
};

interface Member { account: string; level: number; remark: string | null }

async function call<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token ?? ''}` } });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

async function members(page: Page, baseURL: string, channel: string): Promise<Member[]> {
  const list = await call<{ items: { id: number; name: string }[] }>(page, `${baseURL}/api/channels?q=${channel}&size=100`);
  const id = list.items.find((c) => c.name === channel)?.id;
  expect(id).toBeDefined();
  const page1 = await call<{ items: Member[] }>(page, `${baseURL}/api/channels/${id}/members?size=100`);
  return page1.items.map(({ account, level, remark }) => ({ account, level, remark })).sort((a, b) => a.account.localeCompare(b.account));
}

async function noBlocking(page: Page): Promise<void> {
  // Scanned once the dialog has faded in: half-way, every colour is half its contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

/** Downloads the layout's template through the wizard and fills rows 2.. of its first sheet. */
async function filledTemplate(page: Page, dialog: Locator, x: (typeof TEXT)['en' | 'zh'], layout: AssignmentLayout): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: x.download }).click()]);
  expect(download.suggestedFilename()).toMatch(/template/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await download.path()) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...ASSIGNMENT_SHEET_COLUMNS[layout]]);
  ROWS[layout].forEach((cells, i) => {
    ws.getRow(i + 2).values = cells;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

for (const [locale, layout] of [['en', 'byChannel'], ['zh', 'byUser']] as const) {
  const x = TEXT[locale];

  test(`the wizard checks a ${layout} file row by row, writes nothing, then applies exactly the good rows (${locale})`, async ({ page, baseURL }) => {
    await loginViaApi(page, baseURL, 'admin');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
    await page.goto(`${baseURL}/main/channelManagement`);
    await page.getByRole('button', { name: x.open }).click();
    const dialog = page.getByRole('dialog', { name: x.open });
    await expect(dialog.getByRole('heading', { name: x.open })).toBeVisible();
    await noBlocking(page);

    // Step 1: both templates come down; the one of this test's layout is filled in.
    const other = layout === 'byChannel' ? 'byUser' : 'byChannel';
    await dialog.getByRole('radio', { name: x[other] }).check();
    const [otherDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: x.download }).click()]);
    expect(otherDownload.suggestedFilename()).toMatch(other === 'byUser' ? /by-user/ : /by-channel/);
    await dialog.getByRole('radio', { name: x[layout] }).check();
    const file = await filledTemplate(page, dialog, x, layout);

    // Step 2: upload.
    await dialog.getByRole('button', { name: x.next }).click();
    await noBlocking(page);
    const before = { Security: await members(page, baseURL, 'Security'), Logistics: await members(page, baseURL, 'Logistics') };
    await dialog.getByTestId('assign-file').setInputFiles({ name: `assign-${layout}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await dialog.getByRole('button', { name: x.next }).click();

    // Step 3: the dry run, each bad row by number and reason; nothing written.
    await expect(dialog.getByText(x.step3)).toBeVisible();
    await expect(dialog.getByTestId('assign-counts')).toContainText(x.errors);
    const bad: Record<number, string> = layout === 'byChannel'
      ? { 4: x.noUser, 5: x.noChannel('Nowhere', x.channelField), 6: x.duplicate('MEMBER4') }
      : { 3: x.noUser, 4: x.noChannel('Nowhere', x.channelsField), 5: x.duplicate('MEMBER5') };
    for (const [row, reason] of Object.entries(bad)) {
      const tr = dialog.getByTestId(`assign-row-${row}`);
      await expect(tr).toHaveAttribute('data-outcome', 'error');
      await expect(tr).toContainText(reason);
    }
    await expect(dialog.getByTestId('assign-row-2')).toHaveAttribute('data-outcome', 'create');
    await noBlocking(page);
    expect({ Security: await members(page, baseURL, 'Security'), Logistics: await members(page, baseURL, 'Logistics') }).toEqual(before);

    // Step 4: submit, then the counts.
    await dialog.getByRole('button', { name: x.submit }).click();
    await expect(dialog.getByText(x.applied)).toBeVisible();
    const result = dialog.getByTestId('assign-result');
    await expect(result).toContainText(x.created);
    await expect(result).toContainText(x.changed(layout === 'byChannel' ? 1 : 0));
    await expect(result).toContainText(x.skipped);
    await noBlocking(page);

    // Exactly the good rows, checked over the API.
    const after = { Security: await members(page, baseURL, 'Security'), Logistics: await members(page, baseURL, 'Logistics') };
    const added = (ch: 'Security' | 'Logistics') => after[ch].filter((m) => !before[ch].some((b) => b.account === m.account));
    if (layout === 'byChannel') {
      expect(added('Security')).toEqual([{ account: 'member4', level: 3, remark: 'night shift' }]);
      expect(added('Logistics').map((m) => [m.account, m.level])).toEqual([['member1', 2]]);
      expect(after.Security.find((m) => m.account === 'member1')).toMatchObject({ level: 5, remark: 'lead' });
      for (const b of before.Security.filter((m) => m.account !== 'member1')) expect(after.Security).toContainEqual(b);
    } else {
      expect(added('Security').map((m) => m.account)).toEqual(['member5']);
      expect(added('Logistics').map((m) => m.account)).toEqual(['member2']);
    }
    expect(after.Logistics.length + after.Security.length).toBe(before.Logistics.length + before.Security.length + 2);

    // The operation log has the import with its counts.
    const ops = await call<{ items: { type: number; detail: Record<string, unknown> }[] }>(
      page, `${baseURL}/api/records/operations?type=${OperationType.ChannelAssignmentImport}&size=1&sort=time&order=desc`,
    );
    expect(ops.items[0]?.detail).toMatchObject({ layout, file: `assign-${layout}.xlsx`, created: 2, updated: layout === 'byChannel' ? 1 : 0, errorRows: 3 });

    await dialog.getByRole('button', { name: x.finish }).click();
    await expect(dialog).toBeHidden();
  });
}
