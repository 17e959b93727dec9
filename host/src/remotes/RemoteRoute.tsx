import { useCallback } from 'react';
import { RemoteBoundary } from '@ptt/ui';
import { useServices } from '../app/services';

export interface RemoteRouteProps {
  name: string;
  /** Route prefix the remote is mounted under, e.g. '/main/record'. */
  basePath: string;
}

/** One remote, loaded lazily by name, behind Suspense and a Retry boundary. */
export function RemoteRoute({ name, basePath }: RemoteRouteProps) {
  const { bus, api, remotes } = useServices();
  const load = useCallback(() => remotes.load(name), [remotes, name]);
  const retry = useCallback(() => remotes.reset(name), [remotes, name]);
  return <RemoteBoundary key={name} name={name} load={load} onRetry={retry} componentProps={{ bus, api, basePath }} />;
}
