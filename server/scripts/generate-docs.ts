// Writes docs/openapi.json and docs/permissions.md from the route table and the permission matrix.
// `npm run gen` at the root runs it; a test fails when the committed files are stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderDocs } from '../src/docs/render-docs';

const root = path.resolve(__dirname, '..', '..');
for (const [file, text] of Object.entries(renderDocs())) {
  writeFileSync(path.join(root, file), text);
  console.info(`wrote ${file}`);
}
