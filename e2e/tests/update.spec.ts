import { STORAGE_KEYS } from '@ptt/contracts';
import type { Page } from '@playwright/test';
import { test, expect, loginViaApi } from '../harness/fixtures';

// /update: an admin uploads two client packages (the bar shows the upload's progress), makes the
// second one current, and finds a half-filled form and the chosen platform again after going
// back to the console and returning. In English and in Chinese.

const TEXT = {
  en: {
    heading: 'File update',
    platform: 'Platform',
    version: 'Version',
    notes: 'Release notes',
    file: 'Package file',
    upload: 'Upload',
    uploading: /^Uploading .+: \d+%$/,
    uploaded: (v: string) => `Version ${v} uploaded`,
    current: 'Current',
    makeCurrent: (v: string) => `Make version ${v} current`,
    nowCurrent: (v: string) => `Version ${v} is now current`,
    ios: 'iOS',
    back: 'Back to the console',
    versionInvalid: 'Enter the version as numbers like 1.2.3',
    exists: 'This version already exists for the platform',
  },
  zh: {
    heading: '文件更新',
    platform: '平台',
    version: '版本号',
    notes: '更新说明',
    file: '安装包文件',
    upload: '上传',
    uploading: /^正在上传 .+：\d+%$/,
    uploaded: (v: string) => `版本 ${v} 已上传`,
    current: '当前版本',
    makeCurrent: (v: string) => `将版本 ${v} 设为当前版本`,
    nowCurrent: (v: string) => `版本 ${v} 已设为当前版本`,
    ios: 'iOS',
    back: '返回控制台',
    versionInvalid: '版本号请按 1.2.3 这样的数字格式输入',
    exists: '该平台已存在此版本',
  },
} as const;

/** Uploads slowly enough (1 MB/s) that the progress bar is on screen for a while. */
async function throttleUploads(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
}

for (const locale of ['en', 'zh'] as const) {
  const text = TEXT[locale];

  test(`uploads packages with progress, marks one current and keeps the page when left (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    // Versions of this run only: the worker's server outlives one test.
    const minor = 10_000 + (Date.now() % 89_999);
    const major = locale === 'en' ? 1 : 2;
    const first = `${major}.${minor}.0`;
    const second = `${major}.${minor}.1`;

    await loginViaApi(page, baseURL, 'admin');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
    await page.goto(`${baseURL}/update`);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    const form = page.locator('form');

    // A wrong version is refused in the form with the spec-style message.
    await form.getByRole('textbox', { name: text.version, exact: true }).fill('1.2');
    await form.getByRole('button', { name: text.upload, exact: true }).click();
    await expect(form.getByText(text.versionInvalid)).toBeVisible();

    await throttleUploads(page);
    for (const [version, size] of [[first, 3], [second, 2]] as const) {
      await form.getByRole('combobox', { name: text.platform, exact: true }).selectOption('android');
      await form.getByRole('textbox', { name: text.version, exact: true }).fill(version);
      await form.getByRole('textbox', { name: text.notes, exact: true }).fill(`notes ${version}`);
      await form.getByRole('button', { name: text.file, exact: true }).setInputFiles({ name: `ptt-${version}.apk`, mimeType: 'application/vnd.android.package-archive', buffer: Buffer.alloc(size * 1024 * 1024, 7) });
      await form.getByRole('button', { name: text.upload, exact: true }).click();
      const bar = form.getByRole('progressbar');
      await expect(bar).toBeVisible();
      await expect(form.getByText(text.uploading)).toBeVisible();
      await expect(form.getByText(text.uploaded(version))).toBeVisible({ timeout: 30_000 });
      await expect(bar).toBeHidden();
    }

    // Newest first; the first upload of the platform became current by itself.
    const rows = page.locator('[data-testid^="package-"]');
    await expect(page.getByTestId(`package-${second}`)).toBeVisible();
    const order = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(order.indexOf(`package-${second}`)).toBeLessThan(order.indexOf(`package-${first}`));
    await expect(page.getByTestId(`package-${second}`)).toContainText('2.0 MB');
    // The download link is signed with the session's file key, not the token (ADR 012), and works.
    const href = (await page.getByTestId(`package-${second}`).getByRole('link').getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/files\/[\w-]+\?l=[\w-]+&x=\d+&s=[\w-]{43}$/);
    const download = await page.request.get(`${baseURL}${href}`);
    expect([download.status(), (await download.body()).length]).toEqual([200, 2 * 1024 * 1024]);

    // Uploading the same version again is refused with code 2000's rule text.
    await form.getByRole('textbox', { name: text.version, exact: true }).fill(second);
    await form.getByRole('button', { name: text.file, exact: true }).setInputFiles({ name: 'again.apk', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10, 1) });
    await form.getByRole('button', { name: text.upload, exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(text.exists);

    // Make the second current: the badge moves.
    await page.getByRole('button', { name: text.makeCurrent(second) }).click();
    await expect(page.getByText(text.nowCurrent(second))).toBeVisible();
    await expect(page.getByTestId(`package-${second}`).getByText(text.current, { exact: true })).toBeVisible();
    await expect(page.getByTestId(`package-${first}`).getByText(text.current, { exact: true })).toHaveCount(0);
    const current = await page.request.get(`${baseURL}/api/packages/current?platform=android`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect(((await current.json()) as { data: { version: string } }).data.version).toBe(second);

    // Half-typed form and the iOS tab survive a trip to the console and back.
    await form.getByRole('textbox', { name: text.version, exact: true }).fill('3.0.');
    await form.getByRole('textbox', { name: text.notes, exact: true }).fill('half written');
    await page.getByRole('tab', { name: text.ios }).click();
    await page.getByRole('link', { name: text.back }).click();
    await expect(page).toHaveURL(/\/main\/dispatch$/);
    await expect(page.getByTestId('update-page')).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/update$/);
    await expect(form.getByRole('textbox', { name: text.version, exact: true })).toHaveValue('3.0.');
    await expect(form.getByRole('textbox', { name: text.notes, exact: true })).toHaveValue('half written');
    await expect(page.getByRole('tab', { name: text.ios })).toHaveAttribute('aria-selected', 'true');
  });
}
