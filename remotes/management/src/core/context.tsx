import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { can } from '@ptt/contracts';
import type { Action, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

export interface ManagementServices {
  api: ApiClient;
  bus: EventBus;
  session: Session | null;
}

const ManagementContext = createContext<ManagementServices | null>(null);

/** The shared client, bus and session for the management pages (no module singletons). */
export function ManagementProvider({ api, bus, children }: { api: ApiClient; bus: EventBus; children: ReactNode }) {
  const session = useBusState(bus, 'session') ?? null;
  return <ManagementContext.Provider value={{ api, bus, session }}>{children}</ManagementContext.Provider>;
}

export function useManagement(): ManagementServices {
  const value = useContext(ManagementContext);
  if (!value) throw new Error('useManagement outside ManagementProvider');
  return value;
}

/** Whether the signed-in role may do `action`: actions it may not take are not offered (the
 *  server refuses them anyway). */
export function useCan(action: Action): boolean {
  const { session } = useManagement();
  return session !== null && can(session.role, action);
}
