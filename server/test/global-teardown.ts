import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__pttPg?.stop();
  if (globalThis.__pttTemplateRoot) rmSync(globalThis.__pttTemplateRoot, { recursive: true, force: true });
}
