import { DEFAULT_MAP, can, type Action, type MapSettings } from '@ptt/contracts';
import { useBusState, useDataBus } from '@ptt/ui';

/** Whether the signed-in role may do `action` (what it may not do is hidden); no session: no. */
export function useAllowed(action: Action): boolean {
  const session = useBusState(useDataBus(), 'session');
  return session !== undefined && session !== null && can(session.role, action);
}

/** The map type and style chosen in settings. */
export function useMapSettings(): MapSettings {
  return useBusState(useDataBus(), 'settings')?.map ?? DEFAULT_MAP;
}
