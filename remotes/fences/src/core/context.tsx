import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_MAP, can } from '@ptt/contracts';
import type { Action, MapSettings, Session } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

export interface FencesServices {
  bus: EventBus;
  session: Session | null;
  /** The map type and style chosen in settings: the editor draws on them. */
  map: MapSettings;
}

const FencesContext = createContext<FencesServices | null>(null);

/** The bus, session and map settings for the fence pages (no module singletons). */
export function FencesProvider({ bus, children }: { bus: EventBus; children: ReactNode }) {
  const session = useBusState(bus, 'session') ?? null;
  const map = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  return <FencesContext.Provider value={{ bus, session, map }}>{children}</FencesContext.Provider>;
}

export function useFences(): FencesServices {
  const value = useContext(FencesContext);
  if (!value) throw new Error('useFences outside FencesProvider');
  return value;
}

/** Whether the signed-in role may do `action`; what it may not do is not offered (the server refuses it anyway). */
export function useCan(action: Action): boolean {
  const { session } = useFences();
  return session !== null && can(session.role, action);
}
