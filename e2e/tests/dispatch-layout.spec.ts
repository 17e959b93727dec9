import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';

// Issue 6: the dispatch console's layout at 1366x768 (every pane on screen, no page scroll, panes
// scroll inside), the member list with live statuses, and pane sizes kept across a reload, in
// English and in Chinese. Nothing may be requested from beyond loopback.

const TEXT = {
  en: { channels: 'Channels', members: /^Members of /, ptt: 'PTT: Not connected', online: 'Online', offline: 'Offline', you: '(you)', resizeLeft: 'Resize the channel and member column' },
  zh: { channels: '频道', members: / 的成员$/, ptt: '对讲：未连接', online: '在线', offline: '离线', you: '（我）', resizeLeft: '调整频道和成员栏的宽度' },
} as const;

const PANES = ['channels', 'members', 'map', 'controls', 'chat'] as const;

async function openConsole(page: Page, baseURL: string, account: string, lang: 'en' | 'zh'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, lang] as const);
  await page.goto(`${baseURL}/main/dispatch`);
}

/** The member list row of a nickname. */
const memberRow = (page: Page, nickname: string) => page.getByTestId('member-row').filter({ hasText: nickname });

test.use({ viewport: { width: 1366, height: 768 } });

for (const lang of ['en', 'zh'] as const) {
  const x = TEXT[lang];

  test(`at 1366x768 every pane shows without page scroll and members show live statuses (${lang})`, async ({ page, browser, baseURL }) => {
    const outside = await guardLoopback(page.context());
    await openConsole(page, baseURL, 'dispatcher1', lang);

    await expect(page.getByRole('heading', { level: 2, name: x.channels, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: x.members, exact: true })).toBeVisible();
    for (const pane of PANES) {
      const box = await page.getByTestId(`dispatch-pane-${pane}`).boundingBox();
      expect(box, pane).not.toBeNull();
      // Inside the window and big enough to use.
      expect(box!.x, pane).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, pane).toBeLessThanOrEqual(768);
      expect(box!.x + box!.width, pane).toBeLessThanOrEqual(1366);
      expect(box!.width * box!.height, pane).toBeGreaterThan(80 * 80);
    }
    await expect(page.getByTestId('ptt-state')).toHaveText(x.ptt);
    const fit = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return {
        remoteBottom: document.querySelector('[data-testid="remote-dispatch"]')!.getBoundingClientRect().bottom,
        overflowY: document.documentElement.scrollHeight - window.innerHeight,
        overflowX: document.documentElement.scrollWidth - window.innerWidth,
        bodyMargins: parseFloat(body.marginTop) + parseFloat(body.marginBottom),
      };
    });
    // The console, build tag included, ends inside the window.
    expect(fit.remoteBottom).toBeLessThanOrEqual(768);
    expect(fit.overflowX).toBe(0);
    // The shell alone overflows by the body's default margins (its root is min-height 100vh; host
    // issue, reported); the console adds nothing to that.
    expect(fit.overflowY).toBeLessThanOrEqual(fit.bodyMargins);

    // Statuses: the dispatcher is online (this console), member2 offline until their console opens.
    await expect(memberRow(page, x.you).getByTestId('member-info')).toContainText(x.online);
    await expect(memberRow(page, 'Member 2').getByTestId('member-info')).toContainText(x.offline);
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await openConsole(member, baseURL, 'member2', lang);
    await expect(memberRow(page, 'Member 2').getByTestId('member-info')).toContainText(x.online);
    // Online first: member2 now comes before the offline members.
    const names = await page.getByTestId('member-row').allInnerTexts();
    const member2 = names.findIndex((n) => n.includes('Member 2'));
    const firstOffline = names.findIndex((n) => n.includes(x.offline));
    expect(member2).toBeLessThan(firstOffline);
    await memberContext.close();
    await expect(memberRow(page, 'Member 2').getByTestId('member-info')).toContainText(x.offline);

    expect(outside).toEqual([]);
  });
}

test('pane sizes are changed from the keyboard and kept after a reload', async ({ page, baseURL }) => {
  const outside = await guardLoopback(page.context());
  await openConsole(page, baseURL, 'dispatcher1', 'en');
  const side = page.getByTestId('dispatch-pane-side');
  await expect(side).toBeVisible();
  const before = (await side.boundingBox())!.width;

  const separator = page.getByRole('separator', { name: TEXT.en.resizeLeft });
  await separator.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await side.boundingBox())!.width).toBeGreaterThan(before + 40);
  const widened = (await side.boundingBox())!.width;

  await page.reload();
  await expect(side).toBeVisible();
  await expect.poll(async () => Math.round((await side.boundingBox())!.width)).toBe(Math.round(widened));
  expect(outside).toEqual([]);
});

test.describe('at 1920x1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  // Issue 15: after a few PTT presses 'Commands for Member 1' fell under Recent transmissions.
  // The commands now come before the growing lists, which scroll inside a bounded height.
  test('the selected member\'s commands stay in view above the recent transmissions', async ({ page, baseURL }) => {
    await openConsole(page, baseURL, 'dispatcher1', 'en');
    await memberRow(page, 'Member 1').getByRole('button', { name: /^Member 1/ }).click();
    const commands = page.getByRole('region', { name: 'Commands for Member 1' });
    const toolbar = commands.getByRole('toolbar', { name: 'Commands for Member 1' });
    await expect(toolbar).toBeVisible();
    const recent = page.getByTestId('ptt-recent');
    await expect(recent).toBeVisible();
    const [bar, list] = [await toolbar.boundingBox(), await recent.boundingBox()];
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(1080);
    expect(bar!.y).toBeLessThan(list!.y);
    // Headings stand on their own line: no 'Recent transmissionsNo transmissions yet'.
    expect(await recent.innerText()).toMatch(/^Recent transmissions\n+No transmissions yet/);
  });
});

test('a page heading does not run into its text', async ({ page, baseURL }) => {
  await loginViaApi(page, baseURL, 'admin');
  await page.goto(`${baseURL}/main/record/sos`);
  const heading = page.getByRole('heading', { level: 1 }).last();
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((h) => getComputedStyle(h).display)).toBe('block');
});
