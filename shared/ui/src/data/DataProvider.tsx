import { configureStore } from '@reduxjs/toolkit';
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { bindBusInvalidation } from './busInvalidation';
import { serverApi } from './serverApi';
import type { DataExtra } from './serverApi';

/** A store holding only the server data: for the host and for remotes without a store of their own. */
export function createDataStore(api: ApiClient) {
  const extra: DataExtra = { api };
  return configureStore({
    reducer: { [serverApi.reducerPath]: serverApi.reducer },
    middleware: (defaults) => defaults({ thunk: { extraArgument: extra } }).concat(serverApi.middleware),
  });
}

export type DataStore = ReturnType<typeof createDataStore>;

/** Keeps a store's server data in step with the bus: a list another console changed refetches. */
export function useBusInvalidation(bus: EventBus, dispatch: (action: unknown) => unknown): void {
  useEffect(() => bindBusInvalidation(bus, (tags) => dispatch(serverApi.util.invalidateTags(tags))), [bus, dispatch]);
}

export interface DataProviderProps {
  api: ApiClient;
  bus: EventBus;
  children: ReactNode;
}

const DataBusContext = createContext<EventBus | null>(null);

/** Server data for everything inside: one store per page part, fed by the ApiClient, refreshed by the bus. */
export function DataProvider({ api, bus, children }: DataProviderProps) {
  const [store] = useState(() => createDataStore(api));
  useBusInvalidation(bus, store.dispatch as (action: unknown) => unknown);
  return (
    <Provider store={store}>
      <DataBusContext.Provider value={bus}>{children}</DataBusContext.Provider>
    </Provider>
  );
}

/**
 * The bus of the nearest DataProvider: what kit parts that follow the server's frames (an export's
 * progress) or the session (its token, the caller's role) read, without a context of each remote's own.
 */
export function useDataBus(): EventBus {
  const bus = useContext(DataBusContext);
  if (!bus) throw new Error('useDataBus outside DataProvider');
  return bus;
}
