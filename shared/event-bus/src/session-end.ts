import { SESSION_END_REASONS, ServerCode } from '@ptt/contracts';
import type { BusPayload, SessionEndReason } from '@ptt/contracts';
import type { ApiClient } from './api-client';
import { isApiError } from './api-error';
import type { EventBus } from './bus';

/**
 * An API client that also reports a refused session (10000, 10001) on the bus as
 * `session/expired`, so a REST answer ends the session the same way a /ws2 close does. The error
 * still rejects to the caller. `except` lists paths whose refusal means nothing (logout).
 */
/** The session end a failed call reports (10000/10001 with the server's reason), or null. */
export function sessionEndOf(e: unknown): BusPayload<'session/expired'> | null {
  if (!isApiError(e)) return null;
  if (e.code !== ServerCode.AuthorizationFailed && e.code !== ServerCode.LoggedInElsewhere) return null;
  const reason = (e.data as { reason?: unknown } | null)?.reason;
  const known = (SESSION_END_REASONS as readonly unknown[]).includes(reason);
  return known ? { code: e.code, reason: reason as SessionEndReason } : { code: e.code };
}

export function withSessionEnd(api: ApiClient, bus: EventBus, except: readonly string[] = []): ApiClient {
  function watch<T>(path: string, request: Promise<T>): Promise<T> {
    // Promise.resolve: a stubbed client in a test may hand back a bare value.
    return Promise.resolve(request).catch((e: unknown) => {
      const ended = except.includes(path) ? null : sessionEndOf(e);
      if (ended) bus.publish('session/expired', ended);
      throw e;
    });
  }
  return {
    // Arguments pass through as given, so the wrapped client sees exactly the caller's call.
    get: (path, ...rest) => watch(path, api.get(path, ...rest)),
    post: (path, ...rest) => watch(path, api.post(path, ...rest)),
    put: (path, ...rest) => watch(path, api.put(path, ...rest)),
    patch: (path, ...rest) => watch(path, api.patch(path, ...rest)),
    del: (path, ...rest) => watch(path, api.del(path, ...rest)),
    upload: (path, ...rest) => watch(path, api.upload(path, ...rest)),
    download: (path, ...rest) => watch(path, api.download(path, ...rest)),
  };
}
