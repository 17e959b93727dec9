import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES_CONFIG_PATH, remotesConfigSchema } from '@ptt/contracts';
import type { RemotesConfig } from '@ptt/contracts';
import type { RemoteAppProps } from '@ptt/event-bus';
import type { RemoteModule } from '@ptt/ui';

/** Loads remotes by name; the host's routes depend only on this, tests pass a fake. */
export interface RemoteLoader {
  load(name: string): Promise<RemoteModule<RemoteAppProps>>;
  /** Forget what is known about a remote so the next load fetches it afresh (Retry). */
  reset(name: string): void;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

async function fetchRemotesConfig(fetchImpl: FetchLike): Promise<RemotesConfig> {
  const res = await fetchImpl(REMOTES_CONFIG_PATH, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${REMOTES_CONFIG_PATH} answered ${res.status}`);
  const parsed = remotesConfigSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`${REMOTES_CONFIG_PATH} is not a name -> manifest map`);
  return parsed.data;
}

/**
 * Remotes are registered at runtime from /config/remotes.json (no static remotes in the build), so
 * moving or upgrading one is a config change. A failed fetch does not block the shell: remote
 * routes then fail into their Retry state, and Retry fetches the config again.
 */
export function createFederationLoader(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): RemoteLoader & { ready(): Promise<void> } {
  let config: Promise<RemotesConfig> | null = null;

  const registered = (): Promise<RemotesConfig> => {
    config ??= fetchRemotesConfig(fetchImpl).then((map) => {
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
      if (!map[name]) throw new Error(`remote "${name}" is not in ${REMOTES_CONFIG_PATH}`);
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
