import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, expect, loginViaApi, test } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { startServer, type RunningServer } from '../harness/server';
import { startSimulator, type Simulator } from '../harness/simulator';

// Issue 24, acceptance 2, against the real server, the real simulator and Chromium: a manager
// places three nodes on the map and builds a task over them; "Start now"; the simulator walks
// member1 through the run, skipping the second stop and reaching the third late; the records show
// on time, late and missed, the dashboard counts them, and a dispatcher's console shows the
// missed-checkpoint alert with "Show on map".

let server: RunningServer;
let sim: Simulator | null = null;
let rest: APIRequestContext;
let superToken = '';

const EAST = (m: number) => m / (111_320 * Math.cos((39.93 * Math.PI) / 180));
const NORTH = (m: number) => m / 111_320;
// Away from the demo's yard round (whose task is disabled first anyway).
const A = { lng: 116.42, lat: 39.93 };
const NODES = [
  { name: 'E2E gate', ...A },
  { name: 'E2E store', lng: +(A.lng + EAST(150)).toFixed(6), lat: A.lat },
  { name: 'E2E tower', lng: +(A.lng + EAST(150)).toFixed(6), lat: +(A.lat + NORTH(150)).toFixed(6) },
];
const TASK = 'E2E round';

test.describe.configure({ mode: 'serial' });

interface Envelope<T> { code: number; msg: string; data: T }

async function api<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await rest.fetch(`${server.baseURL}${path}`, { method, headers: { authorization: `Bearer ${superToken}` }, data });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body.data;
}

test.beforeAll(async () => {
  server = await startServer({ env: { PATROL_TICK_MS: '1000' } });
  rest = await playwrightRequest.newContext();
  superToken = await apiLogin(rest, server.baseURL, 'superadmin');
  // The demo's scheduled round would give member1 a second open run.
  const tasks = await api<{ items: { id: number }[] }>('GET', '/api/patrol/tasks?size=200');
  for (const t of tasks.items) await api('PATCH', `/api/patrol/tasks/${t.id}`, { enabled: false });
  // member1 idles 60 m west of the first node, outside its 30 m radius. The simulator reads nodes
  // as dispatcher2, so neither the manager's page nor the REST token is logged out by it.
  sim = await startSimulator(server.baseURL, 'member1', {
    args: ['--interval', '1000', '--center', `${(A.lng - EAST(60)).toFixed(6)},${A.lat}`, '--radius', '10', '--status-every', '1000', '--admin', 'dispatcher2'],
    ready: /1\/1 connected/,
  });
});

test.afterAll(async () => {
  await sim?.stop();
  await rest?.dispose();
  await server?.stop();
});

async function createNode(page: Page, node: (typeof NODES)[number]): Promise<void> {
  await page.getByRole('button', { name: 'New node' }).click();
  const dialog = page.getByRole('dialog', { name: 'New node' });
  await dialog.getByLabel('Name').fill(node.name);
  // Placed by a click on the map, then put exactly where the walk expects it.
  const map = dialog.getByRole('region', { name: 'Map: click to place the node' });
  await map.click({ position: { x: 120, y: 90 } });
  await expect(dialog.getByRole('img', { name: 'The node being placed' })).toBeVisible();
  await expect(dialog.getByLabel('Longitude')).not.toHaveValue('');
  await dialog.getByLabel('Longitude').fill(String(node.lng));
  await dialog.getByLabel('Latitude').fill(String(node.lat));
  await expect(dialog.getByRole('checkbox', { name: 'GPS' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: node.name })).toBeVisible();
}

test('nodes placed on the map, a task over them, a walked run judged on time, late and missed, counted and alerted', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const outside = await guardLoopback(page.context());

  // The dispatcher's console, open before anything is missed.
  const dispatcherContext = await browser.newContext();
  const console1 = await dispatcherContext.newPage();
  await loginViaApi(console1, server.baseURL, 'dispatcher1');
  await console1.goto(`${server.baseURL}/main/dispatch`);
  await expect(console1.getByRole('region', { name: 'Map of member positions' })).toBeVisible();

  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/patrol`);
  await expect(page).toHaveURL(/\/main\/patrol\/dashboard$/);

  // Nodes.
  await page.getByRole('tab', { name: 'Nodes' }).click();
  for (const node of NODES) await createNode(page, node);

  // The task: ordered, stops at 0:10, 0:30 and 0:40 with 5 s either side, late limit 30 s, member1.
  // The third stop, 12 s late, is checked at 0:52, well before the skipped second stop's own late
  // limit (0:65) would make it missed as overdue: the alert must say skipped.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: 'New task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New task' })).toBeVisible();
  // The editor fills its form once the nodes and the time zone are read: wait for the route's list.
  await expect(page.getByLabel('Add a node').locator('option', { hasText: NODES[2]!.name })).toBeAttached();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill(TASK);
  await page.getByLabel('Late limit (min)').fill('0.5');
  const offsets = ['0:10', '0:30', '0:40'];
  for (const [i, node] of NODES.entries()) {
    await page.getByLabel('Add a node').selectOption({ label: node.name });
    await page.getByLabel(`Planned time of stop ${i + 1} (mm:ss after the start)`).fill(offsets[i]!);
    await page.getByLabel(`Tolerance of stop ${i + 1} (mm:ss either side)`).fill('0:05');
  }
  await expect(page.getByRole('list', { name: 'Route' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Add a user' }).fill('member1');
  await page.getByRole('option', { name: /Member 1/ }).click();
  await expect(name).toHaveValue(TASK);
  await page.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row').filter({ hasText: TASK });
  await expect(row).toBeVisible();

  // Start now, then member1 walks it: stop 2 skipped, stop 3 reached 12 s after its plan.
  await row.getByRole('button', { name: 'Start now' }).click();
  await expect(page.getByText(`A run of "${TASK}" has started`)).toBeVisible();
  sim!.send('patrol member1 --skip 1 --delay 2:12');
  await expect.poll(() => sim!.output(), { timeout: 120_000, intervals: [500] }).toMatch(/patrol member1: (done|cannot walk):.*/);
  expect(sim!.output()).toMatch(/patrol member1: done:/);

  // The dispatcher saw the skipped checkpoint, and "Show on map" marks it.
  const alerts = console1.getByRole('region', { name: 'Patrol alerts' });
  const item = alerts.getByRole('listitem').filter({ hasText: `Checkpoint missed: “${NODES[1]!.name}” of “${TASK}”` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('skipped');
  await item.getByRole('button', { name: 'Show on map' }).click();
  await expect(console1.getByRole('img', { name: `Missed checkpoint: ${NODES[1]!.name}` })).toBeVisible();

  // Records: the run ended incomplete with one stop each on time, missed and late.
  const runs = await api<{ items: { id: number; status: string; onTime: number; late: number; missed: number }[] }>('GET', '/api/patrol/runs?size=5&order=desc');
  const run = runs.items[0]!;
  expect(run).toMatchObject({ status: 'incomplete', onTime: 1, late: 1, missed: 1 });
  await page.getByRole('tab', { name: 'Records' }).click();
  await expect(page.getByTestId(`patrol-run-${run.id}`)).toHaveAttribute('data-status', 'incomplete');
  await page.goto(`${server.baseURL}/main/patrol/record?list=checkins`);
  const results = page.locator('[data-testid^="patrol-checkin-"]');
  await expect(results).toHaveCount(2);
  await expect(page.locator('[data-testid^="patrol-checkin-"][data-result="onTime"]')).toHaveCount(1);
  await expect(page.locator('[data-testid^="patrol-checkin-"][data-result="late"]')).toHaveCount(1);

  // The run detail shows each stop by its result.
  await page.goto(`${server.baseURL}/main/patrol/record`);
  await page.getByRole('button', { name: new RegExp(`^Replay the run of ${TASK}`) }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('patrol-stop-0')).toHaveAttribute('data-result', 'onTime');
  await expect(detail.getByTestId('patrol-stop-1')).toHaveAttribute('data-result', 'missed');
  await expect(detail.getByTestId('patrol-stop-2')).toHaveAttribute('data-result', 'late');
  await page.keyboard.press('Escape');

  // The dashboard counts today's run.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('patrol-today-onTime')).toContainText('1');
  await expect(page.getByTestId('patrol-today-late')).toContainText('1');
  await expect(page.getByTestId('patrol-today-missed')).toContainText('1');
  await expect(page.getByRole('figure', { name: 'Checkpoints per day' })).toBeVisible();

  await dispatcherContext.close();
  expect(outside).toEqual([]);
});
