import type { RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

/** Filled in by the channels module (issue 3). */
export function channelRoutes(_deps: ModuleDeps): RouteDef[] {
  return [];
}
