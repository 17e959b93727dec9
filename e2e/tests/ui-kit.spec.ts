// The shared UI kit on a real screen (issue 16, ADR 016): the notices list sorts on the server,
// keeps the column choice across a reload, asks before deleting and passes axe; and a list left
// open refetches when the bus says it changed (a login anywhere refreshes the login records).
import type { APIRequestContext } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { test, expect, loginViaApi, apiLogin } from '../harness/fixtures';

const TEXT = {
  en: { heading: 'Notices', title: 'Title', status: 'Status', columns: 'Columns', del: 'Delete', confirmTitle: 'Delete notice' },
  zh: { heading: '公告', title: '标题', status: '状态', columns: '列', del: '删除', confirmTitle: '删除公告' },
} as const;

async function createNotices(request: APIRequestContext, baseURL: string, titles: string[]): Promise<void> {
  const token = await apiLogin(request, baseURL, 'dispatcher2');
  for (const title of titles) {
    const res = await request.post(`${baseURL}/api/notices`, { headers: { authorization: `Bearer ${token}` }, data: { title, body: 'kit' } });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }
}

for (const locale of ['en', 'zh'] as const) {
  const x = TEXT[locale];
  test(`the notices table sorts on the server, keeps its columns and asks before deleting (${locale})`, async ({ page, baseURL, playwright }) => {
    const stamp = `${locale}-${Date.now()}`;
    const titles = [`B kit ${stamp}`, `A kit ${stamp}`, `C kit ${stamp}`];
    const request = await playwright.request.newContext();
    await createNotices(request, baseURL, titles);
    await request.dispose();

    await loginViaApi(page, baseURL, 'dispatcher1');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
    await page.goto(`${baseURL}/main/newPage`);
    await expect(page.getByRole('heading', { level: 1, name: x.heading })).toBeVisible();
    const table = page.getByRole('table', { name: x.heading });
    await page.getByRole('searchbox').fill(`kit ${stamp}`);
    const rows = table.getByRole('row').filter({ hasText: stamp });
    await expect(rows).toHaveCount(3);

    // A header click asks the server for that order; a second click turns it round.
    const sortRequest = page.waitForRequest((r) => r.url().includes('/api/notices?') && r.url().includes('sort=title') && r.url().includes('order=asc'));
    await table.getByRole('columnheader', { name: x.title }).click();
    await sortRequest;
    await expect(table.getByRole('columnheader', { name: x.title })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`A kit ${stamp}`);
    await table.getByRole('columnheader', { name: x.title }).click();
    await expect(table.getByRole('columnheader', { name: x.title })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(`C kit ${stamp}`);
    expect(await blockingViolations(page)).toEqual([]);

    // Hide a column; it stays hidden after a reload.
    await page.getByRole('button', { name: x.columns }).click();
    await page.getByRole('menuitemcheckbox', { name: x.status }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: x.status })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: x.heading }).getByRole('columnheader', { name: x.title })).toBeVisible();
    await expect(page.getByRole('table', { name: x.heading }).getByRole('columnheader', { name: x.status })).toHaveCount(0);

    // Deleting asks first (axe-clean dialog); cancelling keeps the row, confirming removes it.
    await page.getByRole('searchbox').fill(`A kit ${stamp}`);
    const row = page.getByRole('row').filter({ hasText: `A kit ${stamp}` });
    await row.getByRole('button', { name: x.del }).click();
    const confirm = page.getByRole('alertdialog', { name: x.confirmTitle });
    await expect(confirm).toBeVisible();
    // Scanned once the dialog has faded in: half-way, every colour is half its contrast.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await blockingViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: x.del }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });
}

test('an open list refetches when the bus reports a change elsewhere', async ({ page, baseURL, playwright }) => {
  await loginViaApi(page, baseURL, 'dispatcher1');
  await page.goto(`${baseURL}/main/dispatch`);
  await page.getByRole('button', { name: /Dispatcher 1/ }).first().click();
  await page.getByRole('menuitem', { name: 'Login record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login record' });
  await expect(dialog.getByRole('table', { name: 'Login record' })).toBeVisible();
  // member3 logs in on another device: the organisation's Login frame invalidates the login records.
  const refetch = page.waitForRequest((r) => r.url().includes('/api/me/login-records'), { timeout: 10_000 });
  const request = await playwright.request.newContext();
  await apiLogin(request, baseURL, 'member3');
  await request.dispose();
  await refetch;
});
