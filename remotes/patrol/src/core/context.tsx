import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_MAP, can } from '@ptt/contracts';
import type { Action, MapSettings, Session } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

export interface PatrolServices {
  session: Session | null;
  /** The map type and style chosen in settings: every patrol map draws on them. */
  map: MapSettings;
}

const PatrolContext = createContext<PatrolServices | null>(null);

/** The session and map settings of the patrol pages, from the bus (no module singletons). */
export function PatrolProvider({ bus, children }: { bus: EventBus; children: ReactNode }) {
  const session = useBusState(bus, 'session') ?? null;
  const map = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  return <PatrolContext.Provider value={{ session, map }}>{children}</PatrolContext.Provider>;
}

/**
 * The services, or null outside a PatrolProvider. The remote's App may mount the sections without
 * one: the maps then use the default tiles.
 */
export function usePatrolServices(): PatrolServices | null {
  return useContext(PatrolContext);
}

export function useMapSettings(): MapSettings {
  return usePatrolServices()?.map ?? DEFAULT_MAP;
}

/**
 * Whether the signed-in role may do `action`; what it may not do is not offered. Without a
 * provider the session is unknown: everything is offered and the server refuses what it must.
 */
export function useCan(action: Action): boolean {
  const services = usePatrolServices();
  if (!services) return true;
  return services.session !== null && can(services.session.role, action);
}
