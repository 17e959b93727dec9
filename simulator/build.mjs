// Bundles the simulator into dist/main.cjs (what `npm start` runs). Workspace packages (@ptt/*,
// TypeScript source) are bundled in; other packages (ws, zod) load from node_modules at run time.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'dist');

/** @type {import('esbuild').Plugin} */
const externalizeNonWorkspace = {
  name: 'externalize-non-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ptt/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(outDir, { recursive: true, force: true });
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
console.info(`built ${path.relative(process.cwd(), path.join(outDir, 'main.cjs'))}`);
