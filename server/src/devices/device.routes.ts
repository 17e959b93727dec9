import type { RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

/** Filled in by the devices module (issue 3). */
export function deviceRoutes(_deps: ModuleDeps): RouteDef[] {
  return [];
}
