import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { test, expect, loginViaApi } from '../harness/fixtures';

// Issue 5: the header menu by role and the refused route (acceptance 1, part), the chat draft kept
// while away from /main/dispatch (acceptance 4), and at most three notifications at once (spec 9),
// in English and in Chinese.

const TEXT = {
  en: {
    titles: ['Dispatch', 'Users', 'Channels', 'Screen', 'Devices', 'Geofence', 'Records', 'Patrol'],
    refused: 'Insufficient permissions',
    connected: 'Connected',
    message: 'Message',
    send: 'Send',
    actionsFor: (name: string) => `Actions for ${name}`,
    locate: 'Locate on the map',
    search: 'Search members',
    noLocation: /^No location for (Member \d|this member)$/,
    userMenu: /^User menu/,
    screens: ['Notices', 'File update', 'Diagnostics', 'SOS management'],
    notices: 'Notices',
    timeError: 'System time error, please modify the time',
  },
  zh: {
    titles: ['调度', '用户', '频道', '大屏', '设备', '电子围栏', '记录', '巡更'],
    refused: '权限不足',
    connected: '已连接',
    message: '消息',
    send: '发送',
    actionsFor: (name: string) => `${name} 的操作`,
    locate: '在地图上定位',
    search: '搜索成员',
    noLocation: /^(Member \d 没有位置|该成员没有位置)$/,
    userMenu: /^用户菜单/,
    screens: ['公告', '文件更新', '诊断', 'SOS 管理'],
    notices: '公告',
    timeError: '系统时间错误，请修改时间',
  },
} as const;
type Lang = keyof typeof TEXT;

/** Logs in through the API in the given language and opens a page of the console. */
async function open(page: Page, baseURL: string, account: string, lang: Lang, path = '/main/dispatch'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, lang] as const);
  await page.goto(`${baseURL}${path}`);
}

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
const toast = (page: Page, text: string) => page.locator('.fui-ToastTitle', { hasText: text });

for (const lang of ['en', 'zh'] as const) {
  const t = TEXT[lang];

  test.describe(`shell in ${lang}`, () => {
    test('an ordinary member sees only the dispatch console in the menu', async ({ page, baseURL }) => {
      await open(page, baseURL, 'member1', lang);
      await expect(page.getByTestId('remote-dispatch')).toBeVisible();
      await expect(menuLinks(page)).toHaveText([t.titles[0]]);
      await expect(page.getByTestId('connection-status')).toHaveText(t.connected);
    });

    for (const path of ['/main/userManagement', '/main/record/sos', '/sosManagement']) {
      test(`a member typing ${path} goes back to /main/dispatch with '${t.refused}'`, async ({ page, baseURL }) => {
        await open(page, baseURL, 'member1', lang, path);
        await expect(page).toHaveURL(/\/main\/dispatch$/);
        await expect(toast(page, t.refused)).toBeVisible();
        await expect(page.getByTestId('remote-dispatch')).toBeVisible();
        // The refused screen never loaded.
        await expect(page.getByTestId(/^remote-(management|records|sos)$/)).toHaveCount(0);
      });
    }

    for (const account of ['dispatcher1', 'admin']) {
      test(`${account} sees all eight titles and opens them`, async ({ page, baseURL }) => {
        await open(page, baseURL, account, lang);
        await expect(menuLinks(page)).toHaveText([...t.titles]);
        await menuLinks(page).nth(1).click();
        await expect(page).toHaveURL(/\/main\/userManagement$/);
        await expect(page.getByTestId('remote-management')).toBeVisible();
      });
    }

    test('the screens without a header title are in the user menu by role', async ({ page, baseURL }) => {
      const screenItems = () => page.getByRole('menuitem').filter({ hasText: new RegExp(`^(${t.screens.join('|')})$`) });
      await open(page, baseURL, 'member1', lang);
      await page.getByRole('button', { name: t.userMenu }).click();
      await expect(screenItems()).toHaveText([t.screens[2]]);
      await page.keyboard.press('Escape');
      await open(page, baseURL, 'dispatcher1', lang);
      await page.getByRole('button', { name: t.userMenu }).click();
      await expect(screenItems()).toHaveText([...t.screens]);
      await page.getByRole('menuitem', { name: t.notices, exact: true }).click();
      await expect(page).toHaveURL(/\/main\/newPage$/);
      await expect(page.getByRole('heading', { level: 1, name: t.notices })).toBeVisible();
    });

    test("a dispatcher is refused the managers' login records, an admin is not", async ({ page, baseURL }) => {
      await open(page, baseURL, 'dispatcher1', lang, '/main/record/login');
      await expect(page).toHaveURL(/\/main\/dispatch$/);
      await expect(toast(page, t.refused)).toBeVisible();
      await open(page, baseURL, 'admin', lang, '/main/record/login');
      await expect(page).toHaveURL(/\/main\/record\/login$/);
      await expect(page.getByTestId('remote-records')).toBeVisible();
      await expect(toast(page, t.refused)).toHaveCount(0);
    });

    test('a half-typed chat message survives leaving /main/dispatch and coming back', async ({ page, baseURL }) => {
      await open(page, baseURL, 'dispatcher1', lang);
      const box = page.getByRole('textbox', { name: t.message });
      await expect(page.getByRole('button', { name: t.send, exact: true })).toBeVisible();
      await box.fill('Units 3 and 4, head to the north ga');
      await menuLinks(page).nth(3).click();
      await expect(page).toHaveURL(/\/main\/screen$/);
      await expect(box).toBeHidden();
      await page.goBack();
      await expect(page).toHaveURL(/\/main\/dispatch$/);
      await expect(box).toHaveValue('Units 3 and 4, head to the north ga');
      await menuLinks(page).nth(1).click();
      await menuLinks(page).nth(0).click();
      await expect(box).toHaveValue('Units 3 and 4, head to the north ga');
    });

    test("a browser clock ten minutes off the server's shows 'System time error'", async ({ page, baseURL }) => {
      // Only Date moves (timers keep running), so the socket opens as usual; the real server answers the time.
      await page.clock.setSystemTime(Date.now() + 10 * 60_000);
      await open(page, baseURL, 'member1', lang);
      await expect(toast(page, t.timeError)).toBeVisible();
    });

    test('more than three notifications at once show only three', async ({ page, baseURL }) => {
      await open(page, baseURL, 'dispatcher1', lang);
      // Members 3-6 never report a position in these tests, so each "locate" raises its own notice.
      for (let i = 3; i <= 6; i += 1) {
        // The member list is virtualised: search brings the row into the DOM whatever the pane's height.
        await page.getByRole('searchbox', { name: t.search }).fill(`Member ${i}`);
        await page.getByRole('button', { name: t.actionsFor(`Member ${i}`) }).click();
        await page.getByRole('menuitem', { name: t.locate }).click();
      }
      const notices = page.getByText(t.noLocation);
      await expect(notices).toHaveCount(3);
      await page.waitForTimeout(500);
      await expect(notices).toHaveCount(3);
      // When the first ones close, the queued one shows.
      await expect(notices).toHaveCount(1, { timeout: 15_000 });
    });
  });
}
