// Bundles the server into dist/main.cjs. Workspace packages (@ptt/*, TypeScript source) are
// bundled in; every other package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'dist');

/** @type {import('esbuild').Plugin} */
const externalizeNonWorkspace = {
  name: 'externalize-non-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ptt/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  outfile: path.join(outDir, 'main.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  plugins: [externalizeNonWorkspace],
  logLevel: 'warning',
});
// migrate.ts reads <its dir>/migrations, which in the bundle is dist/migrations.
cpSync(path.join(here, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.info(`built ${path.relative(process.cwd(), path.join(outDir, 'main.cjs'))}`);
