import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, apiLogin, expect, loginViaApi, withOwnServer } from '../harness/fixtures';
import { expectNoXss, payloads, poisonNameFrames, poisonNameReads, watchXss, type XssWatch } from '../harness/xss';

// Issue 25, stored XSS: markup stored in every text a user can set that the server keeps as
// written (chat, notice title and body, display name, organisation name, SOS close note, the
// login's user agent) is shown as text on every screen that shows it: nothing runs, loads or is
// made (no dialog, no /xss-probe request, no element with a handler), and the literal text is
// visible. The texts the server refuses (names, tags) are refused with 2004; what the screens
// would do with such a name anyway is checked by rewriting the REST reads. The CSP fixture fails
// the test on any blocked inline handler as well.

const test = withOwnServer();
test.describe.configure({ mode: 'serial' });

interface Envelope<T> {
  code: number;
  data: T;
}

async function api<T>(request: APIRequestContext, baseURL: string, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<Envelope<T>> {
  const res = await request.fetch(`${baseURL}${path}`, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return (await res.json()) as Envelope<T>;
}

async function ok<T>(request: APIRequestContext, baseURL: string, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const body = await api<T>(request, baseURL, token, method, path, data);
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}

const ENT = payloads('ent').img;
const CHAT = payloads('chat');
const NOTICE = payloads('notice');
const DISPLAY = payloads('display').svg;
const NOTE = `${payloads('note').img} ${payloads('note').script}`;
const AGENT = payloads('agent').img;
const NAME = payloads('name').img;
const FILE = payloads('file').svg;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A console page of its own, watched for XSS. */
async function consolePage(browser: Browser, baseURL: string, account: string): Promise<{ context: BrowserContext; page: Page; watch: XssWatch }> {
  const context = await browser.newContext();
  const watch = await watchXss(context);
  const page = await context.newPage();
  await loginViaApi(page, baseURL, account);
  return { context, page, watch };
}

const visible = (page: Page, text: string) => expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();

test('markup stored in every text the server keeps is shown as text on every screen that shows it', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const superTok = await apiLogin(request, baseURL, 'superadmin');
  const member = await apiLogin(request, baseURL, 'member1');
  const dispatcher = await apiLogin(request, baseURL, 'dispatcher1');

  // Stored as written: the organisation's name, chat texts, a notice, a display, an SOS note, a user agent.
  await ok(request, baseURL, superTok, 'PATCH', '/api/enterprise', { name: ENT });
  const channels = await ok<{ items: { id: number; name: string }[] }>(request, baseURL, superTok, 'GET', '/api/channels?size=100');
  const general = channels.items.find((c) => c.name === 'General')!;
  for (const text of Object.values(CHAT)) {
    await ok(request, baseURL, member, 'POST', `/api/chats/${DEMO.entId}-1-${general.id}/messages`, { type: 0, content: { text } });
  }
  // A file message: the stored upload name loses < and > (safeFileName), the message's own name
  // is kept as written.
  const upload = await request.post(`${baseURL}/api/files`, {
    headers: { authorization: `Bearer ${member}` },
    multipart: { file: { name: `${FILE}.png`, mimeType: 'image/png', buffer: PNG } },
  });
  const fileId = ((await upload.json()) as Envelope<{ id: string }>).data.id;
  await ok(request, baseURL, member, 'POST', `/api/chats/${DEMO.entId}-1-${general.id}/messages`, { type: 7, content: { fileId, name: FILE, size: PNG.length } });
  await ok(request, baseURL, dispatcher, 'POST', '/api/notices', { title: NOTICE.img, body: Object.values(NOTICE).join('\n') });
  const pairing = await ok<{ code: string }>(request, baseURL, null, 'POST', '/api/screen/pairings');
  await ok(request, baseURL, superTok, 'POST', '/api/screen/displays', { name: DISPLAY, code: pairing.code });
  await ok(request, baseURL, member, 'POST', '/api/sos', { lng: 116.4, lat: 39.9, coord: 0 });
  const open = await ok<{ items: { id: number }[] }>(request, baseURL, dispatcher, 'GET', '/api/sos?state=open&size=100');
  for (const r of open.items) await ok(request, baseURL, dispatcher, 'POST', `/api/sos/${r.id}/close`, { note: NOTE });
  const agentLogin = await request.post(`${baseURL}/api/auth/login`, {
    headers: { 'user-agent': AGENT },
    data: { entId: DEMO.entId, account: 'member2', password: DEMO.password },
  });
  expect(((await agentLogin.json()) as Envelope<unknown>).code).toBe(0);

  // The dispatcher: the chat, the notices, closed SOS and their records.
  const d = await consolePage(browser, baseURL, 'dispatcher1');
  await d.page.goto(`${baseURL}/main/dispatch`);
  await d.page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /^General/ }).click();
  const feed = d.page.getByRole('feed', { name: 'Messages of General' });
  for (const text of Object.values(CHAT)) await expect(feed.getByText(text, { exact: true })).toBeVisible();
  await expect(feed.getByText(FILE).first()).toBeVisible();
  await expectNoXss(d.page, d.watch, 'dispatch');

  await d.page.goto(`${baseURL}/main/newPage`);
  await visible(d.page, NOTICE.img);
  await d.page.getByText(NOTICE.img).first().click();
  await expectNoXss(d.page, d.watch, 'notices');

  await d.page.goto(`${baseURL}/sosManagement`);
  await d.page.getByRole('tab', { name: 'Closed' }).click();
  await visible(d.page, NOTE);
  await expectNoXss(d.page, d.watch, 'SOS handling');

  await d.page.goto(`${baseURL}/main/record/sos`);
  await expect(d.page.getByRole('heading', { level: 1, name: 'SOS records' })).toBeVisible();
  await visible(d.page, 'Member 1');
  await expectNoXss(d.page, d.watch, 'SOS records');
  await d.context.close();

  // The super admin: login and operation records, the large screen and its displays.
  const s = await consolePage(browser, baseURL, 'superadmin');
  await s.page.goto(`${baseURL}/main/record/login`);
  await visible(s.page, AGENT);
  await expectNoXss(s.page, s.watch, 'login records');

  await s.page.goto(`${baseURL}/main/record/operation`);
  await expect(s.page.getByRole('heading', { level: 1, name: 'Operation records' })).toBeVisible();
  await visible(s.page, 'superadmin');
  await expectNoXss(s.page, s.watch, 'operation records');

  await s.page.goto(`${baseURL}/main/screen`);
  await visible(s.page, ENT);
  await s.page.getByRole('button', { name: 'Displays' }).click();
  await visible(s.page, DISPLAY);
  await expectNoXss(s.page, s.watch, 'large screen');
  await s.context.close();
});

test('names the server refuses are refused, and would be shown as text if one got in', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const superTok = await apiLogin(request, baseURL, 'superadmin');
  const users = await ok<{ items: { uid: number; account: string }[] }>(request, baseURL, superTok, 'GET', '/api/users?size=100');
  const member1 = users.items.find((u) => u.account === 'member1')!;
  const devices = await ok<{ items: { id: number }[] }>(request, baseURL, superTok, 'GET', '/api/devices?size=1');
  const all = payloads('refused');
  const attempts: [string, 'POST' | 'PUT' | 'PATCH', string, unknown][] = [
    ['nickname', 'PATCH', `/api/users/${member1.uid}`, { nickname: all.img }],
    ['tag', 'PUT', `/api/users/${member1.uid}/tags`, { tags: [all.svg] }],
    ['channel name', 'POST', '/api/channels', { name: all.script, memberIds: [member1.uid] }],
    ['device name', 'PATCH', `/api/devices/${devices.items[0]!.id}`, { name: all.img }],
    ['fence name', 'POST', '/api/fences', { name: all.svg, rule: 'leave', shape: { type: 'circle', center: { lng: 116.4, lat: 39.9 }, radius: 500 } }],
    ['checkpoint name', 'POST', '/api/patrol/nodes', { name: all.img, lng: 116.4, lat: 39.9, methods: ['qr'] }],
    ['patrol task name', 'POST', '/api/patrol/tasks', { name: all.script, order: 'free', route: [], userIds: [] }],
  ];
  for (const [what, method, path, data] of attempts) {
    const r = await api(request, baseURL, superTok, method, path, data);
    expect([what, r.code]).toEqual([what, 2004]);
  }

  // Had such a name got in: every read and every /ws2 frame arrives with NAME in front of each name.
  const s = await consolePage(browser, baseURL, 'superadmin');
  await poisonNameReads(s.context, NAME);
  await poisonNameFrames(s.context, NAME);
  for (const path of ['/main/userManagement', '/main/channelManagement', '/main/deviceManagement', '/main/fenceManagement', '/main/dispatch']) {
    await s.page.goto(`${baseURL}${path}`);
    await visible(s.page, NAME);
    await expectNoXss(s.page, s.watch, path);
  }
  // Frames while the dispatch console is open: an SOS (its alarm names the member) and a chat message.
  const member3 = await apiLogin(request, baseURL, 'member3');
  await ok(request, baseURL, member3, 'POST', '/api/sos', { lng: 116.41, lat: 39.91, coord: 0 });
  await expect(s.page.getByText(`${NAME}Member 3`).first()).toBeVisible();
  await expectNoXss(s.page, s.watch, 'dispatch with frames');
  // Patrol: its checkpoints and its tasks.
  await s.page.goto(`${baseURL}/main/patrol`);
  for (const tab of ['Nodes', 'Tasks']) {
    await s.page.getByRole('tab', { name: tab }).or(s.page.getByRole('link', { name: tab, exact: true })).first().click();
    await visible(s.page, NAME);
    await expectNoXss(s.page, s.watch, `patrol ${tab}`);
  }
  await s.context.close();
});
