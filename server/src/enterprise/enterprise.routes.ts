import type { RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

export function enterpriseRoutes(_deps: ModuleDeps): RouteDef[] {
  return [];
}
