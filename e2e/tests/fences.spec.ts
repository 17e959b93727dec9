// /main/fenceManagement (issue 22): the fence list and editor against the real server in
// Chromium. A polygon drawn with the mouse through leaflet-geoman (on GCJ-02 tiles, so it is sent
// with coord 1), a member linked, saved; saving again unchanged is 'Fence information has not been
// modified'; a second fence of the same name is refused; leaving unsaved asks first; deleting asks
// first; another console's fence arrives in the open list; the list in Chinese; axe on each
// screen. The file has its own server: the fences it makes are nobody else's business.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@ptt/contracts';
import { blockingViolations } from '../harness/axe';
import { apiLogin, expect, loginViaApi, withOwnServer } from '../harness/fixtures';

const test = withOwnServer();

async function openList(page: Page, baseURL: string, locale: 'en' | 'zh' = 'en'): Promise<void> {
  await loginViaApi(page, baseURL, 'dispatcher1');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, locale] as const);
  await page.goto(`${baseURL}/main/fenceManagement`);
}

/** Axe once dialogs and menus have faded in. */
async function expectAxeClean(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

const fenceRow = (page: Page, name: string): Locator => page.getByRole('table', { name: 'Geofence' }).getByRole('row').filter({ hasText: name });

/** Draws a triangle around the middle of the editor's map with three clicks, closed on the first corner. */
async function drawTriangle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Draw a polygon' }).click();
  await expect(page.getByText('Click on the map to place the corners')).toBeVisible();
  const box = await page.getByRole('region', { name: 'Fence drawing map' }).boundingBox();
  if (!box) throw new Error('the map is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const corners = [
    [x - 90, y + 60],
    [x + 90, y + 60],
    [x, y - 80],
  ] as const;
  for (const [cx, cy] of corners) await page.mouse.click(cx, cy);
  // geoman closes the polygon on a click on its first corner.
  await page.mouse.click(corners[0][0], corners[0][1]);
  await expect(page.getByText('Drag a corner to move it')).toBeVisible();
}

async function createFenceByApi(request: APIRequestContext, baseURL: string, name: string): Promise<number> {
  const token = await apiLogin(request, baseURL, 'admin');
  const res = await request.post(`${baseURL}/api/fences`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name, rule: 'stay', shape: { type: 'circle', center: { lng: 116.397, lat: 39.909 }, radius: 300 } },
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  return body.data.id;
}

test('draw a polygon, link a member, save; unchanged is not modified; a taken name is refused; delete asks first', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const name = `Yard ${Date.now() % 1_000_000}`;
  await openList(page, baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Geofence' })).toBeVisible();
  await expectAxeClean(page);

  // New: the spec's refusals before anything is sent, then the drawing and a member.
  await page.getByRole('button', { name: 'New fence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New geofence' })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Please enter the fence name')).toBeVisible();
  await expect(page.getByText('Please draw correctly')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('a<b>');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Illegal fence name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawTriangle(page);
  await page.getByRole('combobox', { name: 'Add a member' }).pressSequentially('Member 1');
  await page.getByRole('option', { name: /^Member 1 \(member1\)/ }).click();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Member 1');
  await expectAxeClean(page);
  // The default map (Google) has GCJ-02 tiles: the drawing goes as drawn, marked coord 1.
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/fences');
  await page.getByRole('button', { name: 'Create' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name, rule: 'leave', coord: 1, dwellS: 0, schedule: null, shape: { type: 'polygon' } });

  // Back on the list, which says so and shows the fence with its member.
  await expect(page.getByRole('heading', { level: 1, name: 'Geofence' })).toBeVisible();
  await expect(page.getByText(`Fence "${name}" created`)).toBeVisible();
  const row = fenceRow(page, name);
  await expect(row).toContainText('Enabled');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  const id = Number((await row.getAttribute('data-testid'))?.replace('fence-', ''));
  const token = await apiLogin(request, baseURL, 'admin');
  const stored = (await (await request.get(`${baseURL}/api/fences/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { shape: { type: string; points: unknown[] }; users: { account: string; enabled: boolean }[] };
  };
  expect(stored.data.shape.type).toBe('polygon');
  expect(stored.data.shape.points).toHaveLength(3);
  expect(stored.data.users).toEqual([expect.objectContaining({ account: 'member1', enabled: true })]);

  // Re-opened and saved as it is.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit geofence ${name}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Member 1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fence information has not been modified')).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geofence' })).toBeVisible();

  // A second fence of the same name: refused on the name; leaving it unsaved asks first.
  await page.getByRole('button', { name: 'New fence' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawTriangle(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The fence name already exists')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  const leaving = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expectAxeClean(page);
  await leaving.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geofence' })).toBeVisible();
  await expect(fenceRow(page, name)).toHaveCount(1);

  // Delete, after the confirmation.
  await row.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleting = page.getByRole('alertdialog', { name: 'Delete fence' });
  await expect(deleting).toContainText(`Delete the fence "${name}"?`);
  await expectAxeClean(page);
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(deleting).toBeHidden();
  await expect(page.getByText(`Fence "${name}" deleted`)).toBeVisible();
  await expect(fenceRow(page, name)).toHaveCount(0);
});

test("in Chinese, with another console's new fence arriving in the open list", async ({ page, baseURL, playwright }) => {
  await openList(page, baseURL, 'zh');
  await expect(page.getByRole('heading', { level: 1, name: '电子围栏' })).toBeVisible();
  const table = page.getByRole('table', { name: '电子围栏' });
  const name = `Gate ${Date.now() % 1_000_000}`;
  const request = await playwright.request.newContext();
  await createFenceByApi(request, baseURL, name);
  await request.dispose();
  // FenceChange on ws/fence invalidates the list (within 300 ms) and it refetches.
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 2_000 });
  for (const heading of ['名称', '状态', '类型', '停留时间', '成员', '关联频道', '当前在内']) {
    await expect(table.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
  }
  await expect(row).toContainText('已启用');
  await expect(row).toContainText('停留');
  await expect(page.getByRole('button', { name: '新建围栏' })).toBeVisible();
  await row.getByRole('button', { name: `在地图上显示 ${name}` }).click();
  await expect(page.getByRole('complementary', { name: '地图预览' }).getByRole('heading', { name })).toBeVisible();
  await expectAxeClean(page);
});
