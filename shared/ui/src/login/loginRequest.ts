import { sessionSchema } from '@ptt/contracts';
import type { LoginRequest, Session } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

export const LOGIN_PATH = '/api/auth/login';
export const LOGOUT_PATH = '/api/auth/logout';

/** POST /api/auth/login, the answer checked against the session schema. */
export function loginWith(api: ApiClient): (request: LoginRequest) => Promise<Session> {
  return (request) => api.post<Session>(LOGIN_PATH, request, { schema: sessionSchema });
}
