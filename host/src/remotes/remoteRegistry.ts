import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@ptt/event-bus';
import type { RemoteModule } from '@ptt/ui';

export const REMOTES_CONFIG_URL = '/config/remotes.json';

export type RemoteConfig = Record<string, string>;

/** Loads remotes by name; the host's routes depend only on this, tests pass a fake. */
export interface RemoteLoader {
  load(name: string): Promise<RemoteModule<RemoteAppProps>>;
  /** Forget what is known about a remote so the next load fetches it afresh (Retry). */
  reset(name: string): void;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function isRemoteConfig(value: unknown): value is RemoteConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

async function fetchRemoteConfig(fetchImpl: FetchLike): Promise<RemoteConfig> {
  const res = await fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${res.status}`);
  const json: unknown = await res.json();
  if (!isRemoteConfig(json)) throw new Error(`${REMOTES_CONFIG_URL} is not a name -> manifest map`);
  return json;
}

/**
 * Remotes are registered at runtime from /config/remotes.json (no static remotes in the build), so
 * moving or upgrading one is a config change. A failed fetch does not block the shell: remote
 * routes then fail into their Retry state, and Retry fetches the config again.
 */
export function createFederationLoader(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): RemoteLoader & { ready(): Promise<void> } {
  let config: Promise<RemoteConfig> | null = null;

  const registered = (): Promise<RemoteConfig> => {
    config ??= fetchRemoteConfig(fetchImpl).then((map) => {
      registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
      return map;
    });
    config.catch(() => {
      config = null;
    });
    return config;
  };

  return {
    ready: () => registered().then(() => undefined),
    async load(name) {
      const map = await registered();
      if (!map[name]) throw new Error(`remote "${name}" is not in ${REMOTES_CONFIG_URL}`);
      const mod = await loadRemote<RemoteModule<RemoteAppProps>>(`${name}/App`);
      if (!mod?.default) throw new Error(`remote "${name}" has no default export in ./App`);
      return mod;
    },
    reset(name) {
      if (!config) return;
      // force: drop the cached manifest and entry of this remote so a fixed deployment loads.
      void config
        .then((map) => {
          const entry = map[name];
          if (entry) registerRemotes([{ name, entry }], { force: true });
        })
        .catch(() => undefined);
    },
  };
}
