import { expect, type Locator, type Page } from '@playwright/test';
import type { Console } from './console';
import { tileOf } from './watch-tiles';

// Patch and all-call on the dispatcher's watched tiles (remotes/dispatch/src/watch, ADR 024), as
// the patch and all-call specs drive them.

/** Adds `names` to the dispatcher's watched channels from the panel's picker. */
export async function watchChannels(c: Console, names: readonly string[]): Promise<void> {
  const panel = c.page.getByTestId('watch-panel');
  for (const name of names) {
    await panel.getByRole('combobox', { name: 'Add a channel' }).click();
    await c.page.getByRole('option', { name, exact: true }).click();
    await expect(tileOf(c, name)).toBeVisible();
  }
}

/** Ticks (or unticks) a watched channel for a patch or an all-call. */
export async function tick(c: Console, name: string, on = true): Promise<void> {
  const box = tileOf(c, name).getByRole('checkbox', { name: `Choose ${name} for a patch or an all-call` });
  if (on) await box.check();
  else await box.uncheck();
}

export const allCallButton = (c: Console): Locator => c.page.getByRole('button', { name: 'All-call', exact: true });
export const allCallResult = (c: Console, chatId: string): Locator => c.page.locator(`[data-testid="allcall-result"][data-chat-id="${chatId}"]`);

/** GET with the page's own session (a REST login would end the console's session, and its patches with it). */
export async function getAs<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token ?? ''}` } });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

/** A channel's id by name, from the caller's channel list. */
export async function channelId(page: Page, baseURL: string, name: string): Promise<number> {
  const list = await getAs<{ items: { id: number; name: string }[] }>(page, `${baseURL}/api/channels?q=${encodeURIComponent(name)}&size=100`);
  const id = list.items.find((x) => x.name === name)?.id;
  expect(id).toBeDefined();
  return id!;
}
