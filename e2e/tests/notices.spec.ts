import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { test, expect, loginViaApi, DEMO } from '../harness/fixtures';

// /main/newPage: a dispatcher writes a notice, sends it to a channel and sees who received it,
// against the real server; a member's open console receives it over /ws2 as it goes out.

const TEXT = {
  en: {
    heading: 'Notices',
    newNotice: 'New notice',
    editorTitle: 'New notice',
    title: 'Title',
    body: 'Text',
    save: 'Save',
    draft: 'Draft',
    sent: 'Sent',
    send: 'Send',
    sendDialog: (title: string) => `Send "${title}"`,
    channels: 'Channels',
    sentMessage: 'Notice sent to 4 recipients',
    counts: '1 of 4 delivered, 0 read',
    recipients: 'Recipients',
    recipientsDialog: (title: string) => `Recipients of "${title}"`,
    summary: '4 recipients: 1 delivered, 0 read',
    notYet: 'Not yet',
    titleRequired: 'Please enter the notice title',
  },
  zh: {
    heading: '公告',
    newNotice: '新建公告',
    editorTitle: '新建公告',
    title: '标题',
    body: '正文',
    save: '保存',
    draft: '草稿',
    sent: '已发送',
    send: '发送',
    sendDialog: (title: string) => `发送“${title}”`,
    channels: '频道',
    sentMessage: '公告已发送给 4 名接收人',
    counts: '已送达 1/4，已读 0',
    recipients: '接收人',
    recipientsDialog: (title: string) => `“${title}”的接收人`,
    summary: '共 4 名接收人：已送达 1，已读 0',
    notYet: '尚未',
    titleRequired: '请输入公告标题',
  },
} as const;

async function storeLocale(page: Page, baseURL: string, locale: 'en' | 'zh'): Promise<void> {
  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/login`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
}

/** Titles of the Notice frames a page's /ws2 socket receives. */
function noticeFrames(page: Page): string[] {
  const titles: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { t?: string; data?: { title?: string } };
      if (frame.t === 'Notice' && frame.data?.title) titles.push(frame.data.title);
    });
  });
  return titles;
}

for (const locale of ['en', 'zh'] as const) {
  const x = TEXT[locale];

  test(`a dispatcher writes a notice, sends it to a channel and sees who received it (${locale})`, async ({ page, browser, baseURL }) => {
    const title = `Gate closed ${locale}`;
    // member2's console is open, so member2 is online when the notice goes out.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    const received = noticeFrames(member);
    await loginViaApi(member, baseURL, 'member2');
    await member.goto(`${baseURL}/main/dispatch`);

    const memberId = await member.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id);

    await loginViaApi(page, baseURL, 'dispatcher1');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect
      .poll(async () => {
        const res = await page.request.get(`${baseURL}/api/presence`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { data: { uid: number }[] }).data.some((p) => p.uid === memberId);
      })
      .toBe(true);
    await storeLocale(page, baseURL, locale);
    await page.goto(`${baseURL}/main/newPage`);
    await expect(page.getByRole('heading', { level: 1, name: x.heading })).toBeVisible();

    // Write it: an empty title is refused with the message, then saved as a draft.
    await page.getByRole('button', { name: x.newNotice }).click();
    const editor = page.getByRole('dialog', { name: x.editorTitle });
    await editor.getByRole('button', { name: x.save }).click();
    await expect(editor.getByText(x.titleRequired)).toBeVisible();
    await editor.getByRole('textbox', { name: x.title }).fill(title);
    await editor.getByRole('textbox', { name: x.body }).fill('Use the north gate today.');
    await editor.getByRole('button', { name: x.save }).click();
    await expect(editor).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(x.draft)).toBeVisible();

    // Send it to the Security channel (dispatcher1, dispatcher2, member1-3; the sender is left out).
    await row.getByRole('button', { name: x.send }).click();
    const sender = page.getByRole('dialog', { name: x.sendDialog(title) });
    const channels = sender.getByRole('combobox', { name: x.channels });
    await channels.click();
    await channels.pressSequentially('Secur');
    await page.getByRole('option', { name: /Security/ }).click();
    await sender.getByRole('button', { name: x.send, exact: true }).click();
    await expect(sender).toBeHidden();
    await expect(page.getByRole('region', { name: x.heading }).getByRole('status')).toContainText(x.sentMessage);
    await expect(row.getByText(x.sent)).toBeVisible();
    await expect(row).toContainText(x.counts);
    await expect.poll(() => received).toEqual([title]);
    // ...and it pops up on member2's console (whose language is English).
    await expect(member.locator('.fui-ToastTitle', { hasText: `New notice from Dispatcher 1: ${title}` })).toBeVisible();

    // Who received it: member2 (online) has a delivery time, the others not yet.
    await row.getByRole('button', { name: x.recipients }).click();
    const recipients = page.getByRole('dialog', { name: x.recipientsDialog(title) });
    await expect(recipients.getByText(x.summary)).toBeVisible();
    const people = recipients.getByRole('row');
    await expect(people).toHaveCount(5);
    for (const name of ['Dispatcher 2', 'Member 1', 'Member 2', 'Member 3']) await expect(people.filter({ hasText: name })).toHaveCount(1);
    await expect(people.filter({ hasText: 'Dispatcher 1' })).toHaveCount(0);
    await expect(people.filter({ hasText: 'Member 2' }).getByRole('cell').nth(2)).not.toHaveText(x.notYet);
    await expect(people.filter({ hasText: 'Member 1' }).getByRole('cell').nth(2)).toHaveText(x.notYet);
    await memberContext.close();
  });
}

test('an ordinary member (role 0) is refused the notices API with 403/2001', async ({ request, baseURL }) => {
  const login = await request.post(`${baseURL}/api/auth/login`, { data: { entId: DEMO.entId, account: 'member1', password: DEMO.password } });
  const token = ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
  const headers = { authorization: `Bearer ${token}` };
  for (const res of [
    await request.get(`${baseURL}/api/notices`, { headers }),
    await request.post(`${baseURL}/api/notices`, { headers, data: { title: 'Mine' } }),
  ]) {
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 2001, msg: 'Insufficient permissions' });
  }
});
