// Lists the workspace packages (name and folder) from pnpm-workspace.yaml's globs.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './pnpm.mjs';

export function workspacePackages() {
  const yaml = readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  // Only the `packages:` block: the indented list right after it.
  const block = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const globs = [...block.matchAll(/^\s+-\s+([\w/*.-]+)\s*$/gm)].map((m) => m[1]);
  const dirs = globs.flatMap((g) => g.endsWith('/*')
    ? readdirSync(path.join(ROOT, g.slice(0, -2))).map((d) => path.join(g.slice(0, -2), d))
    : [g]);
  return dirs
    .map((d) => path.join(ROOT, d))
    .filter((d) => existsSync(path.join(d, 'package.json')))
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name }));
}
