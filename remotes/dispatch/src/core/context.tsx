import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { can } from '@ptt/contracts';
import type { Action, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

export interface ConsoleServices {
  api: ApiClient;
  bus: EventBus;
  session: Session | null;
}

const ConsoleContext = createContext<ConsoleServices | null>(null);

/** The shared client, bus and session for the console's components (no module singletons). */
export function ConsoleProvider({ api, bus, children }: { api: ApiClient; bus: EventBus; children: ReactNode }) {
  const session = useBusState(bus, 'session') ?? null;
  return <ConsoleContext.Provider value={{ api, bus, session }}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleServices {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

/** Whether the signed-in role may do `action` (UIs only hide what the server would refuse). */
export function useCan(action: Action): boolean {
  const { session } = useConsole();
  return session !== null && can(session.role, action);
}
