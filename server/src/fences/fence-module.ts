import type { ModuleDeps } from '../modules';
import { FenceCache } from './fence-cache';
import { FenceMonitor } from './fence-monitor';
import { FenceService } from './fence.service';

export interface FenceModule {
  cache: FenceCache;
  monitor: FenceMonitor;
  service: FenceService;
}

// One per app: the routes' changes must drop the same cache the location path reads.
const modules = new WeakMap<object, FenceModule>();

export function fenceModuleFor(deps: ModuleDeps): FenceModule {
  let m = modules.get(deps);
  if (!m) {
    const cache = new FenceCache(deps.db);
    const monitor = new FenceMonitor(deps.db, deps.hub, cache);
    m = { cache, monitor, service: new FenceService(deps.db, deps.hub, cache, monitor) };
    modules.set(deps, m);
  }
  return m;
}
