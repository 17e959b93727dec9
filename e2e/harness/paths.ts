import path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
import { REMOTE_NAMES, type RemoteName } from '@ptt/contracts';

export { REMOTE_NAMES, type RemoteName };
export const SERVER_MAIN = path.join(REPO, 'server', 'dist', 'main.cjs');
export const HOST_DIST = path.join(REPO, 'host', 'dist');
export const remoteDist = (name: RemoteName, remotesDir = path.join(REPO, 'remotes')): string =>
  path.join(remotesDir, name, 'dist');
