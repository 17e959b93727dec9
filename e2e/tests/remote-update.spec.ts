import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, loginViaApi } from '../harness/fixtures';
import { buildRemote, hashTree } from '../harness/build';
import { HOST_DIST, remoteDist } from '../harness/paths';
import { copyRemotes, startServer } from '../harness/server';

// Acceptance 3: shipping a remote is replacing its files; the host is neither rebuilt nor touched.
test('a rebuilt remote, its files replaced on the server, shows its change after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const server = await startServer({ remotesDir: copyRemotes() });
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-rebuild-'));
  try {
    const hostBefore = hashTree(HOST_DIST);
    await loginViaApi(page, server.baseURL);
    await page.goto(`${server.baseURL}/main/record/sos`);
    const records = page.getByTestId('remote-records');
    await expect(records).toBeVisible();
    const tag = `e2e-${Date.now().toString(36)}`;
    await expect(records).not.toContainText(tag);

    buildRemote('records', outDir, tag);
    const served = remoteDist('records', server.remotesDir);
    rmSync(served, { recursive: true, force: true });
    cpSync(outDir, served, { recursive: true });

    await page.reload();
    await expect(page.getByTestId('remote-records')).toContainText(tag);
    // The rest of the console still works with the new remote beside the old ones.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByTestId('remote-management')).toBeVisible();
    expect(hashTree(HOST_DIST)).toEqual(hostBefore);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await server.stop();
  }
});
