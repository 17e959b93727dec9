import { z } from 'zod';
import { text } from './text';

/** Every micro-frontend the host can load; the server publishes a manifest URL for each. */
export const REMOTE_NAMES = ['dispatch', 'management', 'fences', 'records', 'patrol', 'screen', 'sos'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTES_CONFIG_PATH = '/config/remotes.json';

/** `/config/remotes.json`: remote name -> URL of its `mf-manifest.json`. */
export const remotesConfigSchema = z.record(text().min(1), text().min(1));
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;
