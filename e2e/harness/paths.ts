import path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
export const REMOTE_NAMES = ['dispatch', 'management', 'fences', 'records', 'patrol', 'screen', 'sos'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export const SERVER_MAIN = path.join(REPO, 'server', 'dist', 'main.cjs');
export const HOST_DIST = path.join(REPO, 'host', 'dist');
export const remoteDist = (name: RemoteName, remotesDir = path.join(REPO, 'remotes')): string =>
  path.join(remotesDir, name, 'dist');
