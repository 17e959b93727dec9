import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { freePort, startServer, type RunningServer } from '../harness/server';

// Issue 15 item 9: on a machine without internet the configured tiles fail and every map says
// 'Map loading error'. One click moves every map to the built-in offline base map; the choice
// survives a reload and can be undone. The "online" tiles here are a loopback port where nothing
// listens, so nothing leaves the machine.

let server: RunningServer;
let dir: string;

test.beforeAll(async () => {
  const dead = `http://127.0.0.1:${await freePort()}/{z}/{x}/{y}.png`;
  const probe = await startServer();
  const offline = (await (await fetch(`${probe.baseURL}/config/map.json`)).json()) as Record<string, Record<string, Record<string, unknown>>>;
  await probe.stop();
  // Every type and style from the unreachable host: what a closed network does to online tiles.
  for (const styles of Object.values(offline)) {
    for (const source of Object.values(styles)) {
      source.url = dead;
      delete source.overlay;
      source.attribution = 'Unreachable tiles';
    }
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-tiles-'));
  writeFileSync(path.join(dir, 'tiles.json'), JSON.stringify(offline));
  server = await startServer({ env: { MAP_TILES: path.join(dir, 'tiles.json') } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const tileSources = (page: Page) => page.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));

for (const [lang, t] of [
  ['en', { error: 'Map loading error', offline: 'Use the offline map', online: 'Use online tiles' }],
  ['zh', { error: '地图加载错误', offline: '使用离线地图', online: '使用在线地图' }],
] as const) {
  test(`${lang}: failing tiles offer the offline base map, which is remembered and can be undone`, async ({ page, context }) => {
    const outside = await guardLoopback(context);
    await loginViaApi(page, server.baseURL, 'dispatcher1');
    await page.evaluate((l) => localStorage.setItem('locale', l), lang);
    await page.goto(`${server.baseURL}/main/dispatch`);
    const alert = page.getByText(t.error);
    await expect(alert).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: t.offline }).click();
    await expect(alert).toBeHidden();
    await expect.poll(() => tileSources(page)).toContainEqual(expect.stringMatching(/\/tiles\/\d+\/\d+\/\d+\.svg\?style=google\.roadmap$/));
    expect(await page.evaluate(() => localStorage.getItem('mapTiles'))).toBe('offline');

    await page.reload();
    await expect(page.getByRole('button', { name: t.online })).toBeVisible();
    await expect.poll(async () => (await tileSources(page)).length).toBeGreaterThan(0);
    expect((await tileSources(page)).every((src) => src.includes('/tiles/'))).toBe(true);
    await expect(alert).toBeHidden();

    await page.getByRole('button', { name: t.online }).click();
    await expect(alert).toBeVisible({ timeout: 20_000 });
    expect(outside).toEqual([]);
  });
}
