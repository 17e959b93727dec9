import type { ModuleDeps } from '../module-deps';
import { INTERNAL_TOPICS } from '../ws/hub';

function entIdOf(data: unknown): number | null {
  const entId = (data as { entId?: unknown } | null)?.entId;
  return typeof entId === 'number' ? entId : null;
}

/**
 * Geofence evaluation of every stored position ('location.stored'), and the invalidation of the
 * per-node fence cache: fence changes (`sys/internal/fences`, from any node) and channel
 * membership changes (members of linked channels are covered).
 */
export function registerFenceRealtime(deps: ModuleDeps): void {
  const { fenceCache: cache, fenceMonitor: monitor } = deps;
  deps.events.on('location.stored', (ev) => monitor.onStored(ev));
  deps.hub.subscribe(INTERNAL_TOPICS.fences, (frame) => {
    const entId = entIdOf(frame.data);
    if (entId === null) return;
    cache.invalidate(entId);
    const fenceId = (frame.data as { fenceId?: unknown }).fenceId;
    if (typeof fenceId === 'number') monitor.forgetFence(fenceId);
  });
  deps.hub.subscribe(INTERNAL_TOPICS.membership, (frame) => {
    const entId = entIdOf(frame.data);
    if (entId !== null) cache.invalidate(entId);
  });
}
