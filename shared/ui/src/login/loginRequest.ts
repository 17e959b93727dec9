import { captchaSchema, sessionSchema } from '@ptt/contracts';
import type { Captcha, LoginRequest, Session } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

export const LOGIN_PATH = '/api/auth/login';
export const LOGOUT_PATH = '/api/auth/logout';
export const CAPTCHA_PATH = '/api/auth/captcha';

/** POST /api/auth/login, the answer checked against the session schema. */
export function loginWith(api: ApiClient): (request: LoginRequest) => Promise<Session> {
  return (request) => api.post<Session>(LOGIN_PATH, request, { schema: sessionSchema });
}

/** GET /api/auth/captcha: a new image captcha for the login form. */
export function captchaWith(api: ApiClient): () => Promise<Captcha> {
  return () => api.get<Captcha>(CAPTCHA_PATH, { schema: captchaSchema });
}
