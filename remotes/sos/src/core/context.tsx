import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { can } from '@ptt/contracts';
import type { Action, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { Siren, createMonitorClient } from '@ptt/media';
import type { MonitorClient, MonitorClientOptions } from '@ptt/media';
import { useBusState } from '@ptt/ui';

/** What the page needs of the siren; tests hand in a stand-in (jsdom has no AudioContext). */
export type AlarmSiren = Pick<Siren, 'start' | 'stop' | 'unlock' | 'unlockOnGesture' | 'dispose' | 'setLevel' | 'subscribe' | 'getState' | 'state' | 'level' | 'contextState'>;

export interface SosServices {
  api: ApiClient;
  bus: EventBus;
  session: Session | null;
  createSiren: () => AlarmSiren;
  createMonitorClient: (options: MonitorClientOptions) => MonitorClient;
}

export interface SosProviderProps {
  api: ApiClient;
  bus: EventBus;
  /** Tests: the siren and the monitor client without browser media. */
  createSiren?: () => AlarmSiren;
  createMonitorClient?: (options: MonitorClientOptions) => MonitorClient;
  children: ReactNode;
}

const SosContext = createContext<SosServices | null>(null);

const defaultSiren = () => new Siren();

/** The client, bus, session and media factories of the SOS page (no module singletons). */
export function SosProvider({ api, bus, createSiren = defaultSiren, createMonitorClient: monitor = createMonitorClient, children }: SosProviderProps) {
  const session = useBusState(bus, 'session') ?? null;
  const value = useMemo(() => ({ api, bus, session, createSiren, createMonitorClient: monitor }), [api, bus, session, createSiren, monitor]);
  return <SosContext.Provider value={value}>{children}</SosContext.Provider>;
}

export function useSos(): SosServices {
  const value = useContext(SosContext);
  if (!value) throw new Error('useSos outside SosProvider');
  return value;
}

/** Whether the signed-in role may do `action` (the server refuses the rest anyway). */
export function useCan(action: Action): boolean {
  const { session } = useSos();
  return session !== null && can(session.role, action);
}
