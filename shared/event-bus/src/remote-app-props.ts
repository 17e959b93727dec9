import type { ApiClient } from './api-client';
import type { EventBus } from './bus';

/** What the host passes to every remote's root component (and a standalone bootstrap builds itself). */
export interface RemoteAppProps {
  bus: EventBus;
  api: ApiClient;
  /** Route prefix the remote is mounted under, e.g. '/main/dispatch'. */
  basePath: string;
}
