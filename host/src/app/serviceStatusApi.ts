import { DATABASE_UNAVAILABLE, SERVICE_STATUS_PATH, ServiceState, ServerCode, serviceStatusSchema, type ServiceStatus } from '@ptt/contracts';
import { serverApi, type ServerFailure } from '@ptt/ui';

// The console's "what is wrong now": GET /api/diagnostics/status through the page's one data store.

export const serviceStatusApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    serviceStatus: build.query<ServiceStatus, void>({
      query: () => ({ path: SERVICE_STATUS_PATH, schema: serviceStatusSchema }),
    }),
  }),
});

export const { useServiceStatusQuery } = serviceStatusApi;

export type ServiceName = keyof ServiceStatus;

/**
 * The services the server says are down. While the database is away every request, this one
 * included, answers 600 with the reason DATABASE_UNAVAILABLE: that is the database being down. Any
 * other failure (no answer at all) says nothing here: the socket status already shows a lost server.
 */
export function servicesDown(data: ServiceStatus | undefined, error: unknown): ServiceName[] {
  const failure = error as Partial<ServerFailure> | undefined;
  if (failure?.code === ServerCode.ServiceBusy && (failure.data as { reason?: unknown } | null)?.reason === DATABASE_UNAVAILABLE) return ['database'];
  if (!data) return [];
  return (Object.keys(data) as ServiceName[]).filter((name) => data[name] === ServiceState.Down);
}
