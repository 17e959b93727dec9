import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { remoteDist } from '../harness/paths';
import { copyRemotes, startServer } from '../harness/server';

// Acceptance 4: a dead remote costs only its own route, and Retry brings it back.
test('with one remote gone (404) its route offers retry and every other route works', async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startServer({ remotesDir: copyRemotes() });
  const parked = mkdtempSync(path.join(os.tmpdir(), 'ptt-parked-'));
  try {
    const patrolDist = remoteDist('patrol', server.remotesDir);
    renameSync(patrolDist, path.join(parked, 'dist'));
    const manifest = await page.request.get(`${server.baseURL}/remotes/patrol/mf-manifest.json`);
    expect(manifest.status()).toBe(404);

    await loginViaApi(page, server.baseURL);
    await page.goto(`${server.baseURL}/main/patrol/dashboard`);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const retry = page.getByRole('button', { name: /retry/i });
    await expect(retry).toBeVisible();
    await expect(page.getByTestId('remote-patrol')).toHaveCount(0);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const [title, remote] of [['Dispatch', 'dispatch'], ['Users', 'management'], ['Records', 'records'], ['Geofence', 'fences'], ['Screen', 'screen']] as const) {
      await menu.getByRole('link', { name: title }).click();
      await expect(page.getByTestId(`remote-${remote}`)).toBeVisible();
    }

    // Put the files back: Retry loads the remote without a page reload.
    await menu.getByRole('link', { name: 'Patrol' }).click();
    await expect(retry).toBeVisible();
    cpSync(path.join(parked, 'dist'), patrolDist, { recursive: true });
    await retry.click();
    await expect(page.getByTestId('remote-patrol')).toBeVisible();
  } finally {
    rmSync(parked, { recursive: true, force: true });
    await server.stop();
  }
});
