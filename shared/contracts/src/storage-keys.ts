/** localStorage keys shared by host, remotes and standalone bootstraps. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  locale: 'locale',
  settings: 'settings',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
