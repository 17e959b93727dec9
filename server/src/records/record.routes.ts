import type { RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

export function recordRoutes(_deps: ModuleDeps): RouteDef[] {
  return [];
}
