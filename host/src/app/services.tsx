import { createContext, useContext } from 'react';
import type { PageServices } from '@ptt/ui';
import type { RemoteLoader } from '../remotes/remoteRegistry';

export interface HostServices extends PageServices {
  remotes: RemoteLoader;
}

const ServicesContext = createContext<HostServices | null>(null);

export const ServicesProvider = ServicesContext.Provider;

/** The page's one bus, session store, API client, socket bridge and remote loader. */
export function useServices(): HostServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
