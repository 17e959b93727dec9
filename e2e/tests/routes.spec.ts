import { test, expect, loginViaApi, DEMO } from '../harness/fixtures';

// Spec section 2: every route, under the layout it belongs to.
const ROUTES: { path: string; url: RegExp; remote?: string; heading: RegExp; shell: boolean }[] = [
  { path: '/main', url: /\/main\/dispatch$/, remote: 'dispatch', heading: /^Dispatch$/, shell: true },
  { path: '/main/dispatch', url: /\/main\/dispatch$/, remote: 'dispatch', heading: /^Dispatch$/, shell: true },
  { path: '/main/userManagement', url: /\/main\/userManagement$/, remote: 'management', heading: /^Users$/, shell: true },
  { path: '/main/channelManagement', url: /\/main\/channelManagement$/, remote: 'management', heading: /^Channels$/, shell: true },
  { path: '/main/deviceManagement', url: /\/main\/deviceManagement$/, remote: 'management', heading: /^Devices$/, shell: true },
  { path: '/main/screen', url: /\/main\/screen$/, remote: 'screen', heading: /Demo Organisation/, shell: true },
  { path: '/main/fenceManagement', url: /\/main\/fenceManagement$/, remote: 'fences', heading: /Geofence/, shell: true },
  { path: '/main/fenceManagement/edit/42', url: /\/main\/fenceManagement\/edit\/42$/, remote: 'fences', heading: /42/, shell: true },
  { path: '/main/record', url: /\/main\/record\/sos$/, remote: 'records', heading: /SOS/, shell: true },
  { path: '/main/record/login', url: /\/main\/record\/login$/, remote: 'records', heading: /Login/, shell: true },
  { path: '/main/record/cross', url: /\/main\/record\/cross$/, remote: 'records', heading: /Cross/, shell: true },
  { path: '/main/record/operation', url: /\/main\/record\/operation$/, remote: 'records', heading: /Operation/, shell: true },
  { path: '/main/patrol', url: /\/main\/patrol\/dashboard$/, remote: 'patrol', heading: /Dashboard/, shell: true },
  { path: '/main/patrol/task', url: /\/main\/patrol\/task$/, remote: 'patrol', heading: /Task/, shell: true },
  { path: '/main/patrol/node', url: /\/main\/patrol\/node$/, remote: 'patrol', heading: /Node/, shell: true },
  { path: '/main/patrol/member', url: /\/main\/patrol\/member$/, remote: 'patrol', heading: /Member/, shell: true },
  { path: '/main/patrol/record', url: /\/main\/patrol\/record$/, remote: 'patrol', heading: /Record/, shell: true },
  { path: '/main/newPage', url: /\/main\/newPage$/, heading: /./, shell: true },
  { path: '/main/test', url: /\/main\/test$/, heading: /./, shell: true },
  { path: '/update', url: /\/update$/, heading: /update/i, shell: false },
  { path: '/sosManagement', url: /\/sosManagement$/, remote: 'sos', heading: /SOS management/, shell: false },
];

test.describe('without a token', () => {
  test('the root redirects to /login', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/`);
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const path of ['/main/dispatch', '/main/userManagement', '/main/record/cross', '/update', '/sosManagement']) {
    test(`the guard sends ${path} to login with 'Please login first.'`, async ({ page, baseURL }) => {
      await page.goto(`${baseURL}${path}`);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Please login first.')).toBeVisible();
    });
  }

  test('the login form logs in and lands on /main/dispatch', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel(/organi[sz]ation id/i).fill(String(DEMO.entId));
    await page.getByLabel(/user ?name/i).fill('dispatcher1');
    await page.getByLabel(/password/i).fill(DEMO.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await expect(page).toHaveURL(/\/main\/dispatch$/);
    await expect(page.getByTestId('remote-dispatch')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('a wrong password shows login alert 1 and stays on login', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel(/organi[sz]ation id/i).fill(String(DEMO.entId));
    await page.getByLabel(/user ?name/i).fill('dispatcher1');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /log ?in/i }).click();
    await expect(page.getByText(/wrong (user ?name|account) or password/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an empty organisation id says 'Please enter the organization ID'", async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/login`);
    await page.getByLabel(/user ?name/i).fill('dispatcher1');
    await page.getByLabel(/password/i).fill(DEMO.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await expect(page.getByText('Please enter the organization ID')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('with a token', () => {
  // An admin may open every route (docs/permissions.md, "Screens by role"); shell.spec.ts covers
  // the other roles.
  test.beforeEach(async ({ page, baseURL }) => { await loginViaApi(page, baseURL, 'admin'); });

  test('/login goes to /main/dispatch', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/login`);
    await expect(page).toHaveURL(/\/main\/dispatch$/);
  });

  for (const r of ROUTES) {
    test(`${r.path} renders ${r.remote ?? 'its page'} ${r.shell ? 'inside' : 'outside'} the shell`, async ({ page, baseURL }) => {
      await page.goto(`${baseURL}${r.path}`);
      await expect(page).toHaveURL(r.url);
      if (r.remote) await expect(page.getByTestId(`remote-${r.remote}`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: r.heading }).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(r.shell ? 1 : 0);
    });
  }

  test('the header menu has the eight titles in order and navigates', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/main/dispatch`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(['Dispatch', 'Users', 'Channels', 'Screen', 'Devices', 'Geofence', 'Records', 'Patrol']);
    await menu.getByRole('link', { name: 'Records' }).click();
    await expect(page).toHaveURL(/\/main\/record\/sos$/);
  });

  test('every navigation scrolls to the top', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/main/userManagement`);
    await expect(page.getByTestId('remote-management')).toBeVisible();
    await page.evaluate(() => { document.body.style.minHeight = '5000px'; window.scrollTo(0, 3000); });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/main\/deviceManagement$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the language choice survives a reload', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/main/dispatch`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link').first()).toHaveText('Dispatch');
    await page.getByRole('button', { name: /language|语言/i }).click();
    await page.getByRole('menuitemradio', { name: '中文' }).or(page.getByRole('menuitem', { name: '中文' })).click();
    await expect(menu.getByRole('link').first()).not.toHaveText('Dispatch');
    const chinese = await menu.getByRole('link').first().textContent();
    // The remote's own strings follow the host's i18next instance (one shared singleton).
    await expect(page.getByTestId('remote-dispatch').getByRole('heading', { level: 1 })).not.toHaveText('Dispatch');
    await page.reload();
    await expect(menu.getByRole('link').first()).toHaveText(chinese ?? '');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh');
  });
});
