import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_MAP } from '@ptt/contracts';
import type { MapSettings, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

export interface RecordsServices {
  api: ApiClient;
  bus: EventBus;
  session: Session | null;
  /** The map type and style chosen in settings: a record's position opens on them. */
  map: MapSettings;
}

const RecordsContext = createContext<RecordsServices | null>(null);

/** The shared client, bus, session and map settings for the record pages (no module singletons). */
export function RecordsProvider({ api, bus, children }: { api: ApiClient; bus: EventBus; children: ReactNode }) {
  const session = useBusState(bus, 'session') ?? null;
  const map = useBusState(bus, 'settings')?.map ?? DEFAULT_MAP;
  return <RecordsContext.Provider value={{ api, bus, session, map }}>{children}</RecordsContext.Provider>;
}

export function useRecords(): RecordsServices {
  const value = useContext(RecordsContext);
  if (!value) throw new Error('useRecords outside RecordsProvider');
  return value;
}
