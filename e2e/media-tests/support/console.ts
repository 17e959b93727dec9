// Product consoles for the media specs: each account in its own browser context, with the
// WebRTC probes of harness/media.ts, its own stored settings, and nothing allowed beyond the
// namespace's loopback.
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEFAULT_SETTINGS, type LocalSettings } from '@ptt/contracts';
import { loginViaApi } from '../../harness/fixtures';
import { guardLoopback } from '../../harness/loopback';
import { installMediaProbes } from '../../harness/media';

export interface Console {
  context: BrowserContext;
  page: Page;
  /** Requests that tried to leave loopback. */
  outside: string[];
  ptt: Locator;
  state: Locator;
  talker: Locator;
  notice: Locator;
}

/** Opens /main/dispatch as `account`, selects `channel` and waits until its PTT room is connected. */
export async function openConsole(
  browser: Browser,
  baseURL: string,
  account: string,
  opts: { channel?: string; settings?: Partial<LocalSettings> } = {},
): Promise<Console> {
  const context = await browser.newContext();
  const outside = await guardLoopback(context);
  await installMediaProbes(context);
  const settings = { ...DEFAULT_SETTINGS, ...opts.settings };
  await context.addInitScript((s) => localStorage.setItem('settings', s), JSON.stringify(settings));
  const page = await context.newPage();
  await loginViaApi(page, baseURL, account);
  await page.goto(`${baseURL}/main/dispatch`);
  await page
    .getByRole('list', { name: 'Channels' })
    .getByRole('button', { name: new RegExp(`^${opts.channel ?? 'General'}`) })
    .click();
  const c: Console = {
    context,
    page,
    outside,
    ptt: page.getByRole('button', { name: 'PTT', exact: true }),
    state: page.getByTestId('ptt-state'),
    talker: page.getByTestId('ptt-talker'),
    notice: page.getByTestId('ptt-notice'),
  };
  await expect(c.state).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  return c;
}

/** Presses and holds a hold-to-talk button with the mouse (pointerdown, no pointerup yet). */
export async function hold(c: Console, button: Locator = c.ptt): Promise<void> {
  await button.hover();
  await c.page.mouse.down();
}

export async function letGo(c: Console): Promise<void> {
  await c.page.mouse.up();
}
