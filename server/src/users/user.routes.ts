import type { RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

export function userRoutes(_deps: ModuleDeps): RouteDef[] {
  return [];
}
