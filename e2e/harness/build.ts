import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, type RemoteName } from './paths';

/** Builds one remote for production into `outDir` with a build tag it shows on screen. */
export function buildRemote(name: RemoteName, outDir: string, buildTag: string): void {
  const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'pnpm.mjs'), '--filter', `@ptt/remote-${name}`,
    'run', 'build', '--output-path', outDir], {
    cwd: REPO, encoding: 'utf8', env: { ...process.env, PTT_BUILD_TAG: buildTag },
  });
  if (r.status !== 0) throw new Error(`building ${name} failed:\n${r.stdout}\n${r.stderr}`);
}

/** sha256 of every file under a folder, keyed by relative path. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
