import { configureStore } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
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

/** Server data for everything inside: one store per page part, fed by the ApiClient, refreshed by the bus. */
export function DataProvider({ api, bus, children }: DataProviderProps) {
  const [store] = useState(() => createDataStore(api));
  useBusInvalidation(bus, store.dispatch as (action: unknown) => unknown);
  return <Provider store={store}>{children}</Provider>;
}
