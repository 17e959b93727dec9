import { Platform, type LoginRequest, type Session } from '@ptt/contracts';

/** The server answered with a non-zero code (`{ code, msg, data }` envelope). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REQUEST_LIMIT_MS = 30_000;

/** One REST call; resolves with `data`, throws ApiError for a refusal and TypeError for the network. */
export async function call<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
  });
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ApiError(500, res.status, `${method} ${path}: answer is not JSON (HTTP ${res.status})`);
  }
  if (envelope.code !== 0) {
    const code = typeof envelope.code === 'number' ? envelope.code : 500;
    throw new ApiError(code, res.status, `${method} ${path}: ${code} ${typeof envelope.msg === 'string' ? envelope.msg : ''}`);
  }
  return envelope.data as T;
}

/** Whether a failure is worth retrying later (network, server busy or failing) rather than final. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.code === 500 || err.code === 600;
}

export interface DeviceLogin {
  entId: number;
  account: string;
  password: string;
  position?: { lng: number; lat: number };
}

/** A handset's login: platform android, with where it is. */
export function loginDevice(baseUrl: string, l: DeviceLogin): Promise<Session> {
  const body: LoginRequest = { entId: l.entId, account: l.account, password: l.password, platform: Platform.Android };
  if (l.position) {
    body.lng = l.position.lng;
    body.lat = l.position.lat;
  }
  return call<Session>(baseUrl, 'POST', '/api/auth/login', null, body);
}

/** A console login (for the account that provisions devices). */
export function loginWeb(baseUrl: string, entId: number, account: string, password: string): Promise<Session> {
  return call<Session>(baseUrl, 'POST', '/api/auth/login', null, { entId, account, password });
}

/** `http://host` -> `ws://host/ws2?at=<token>`. */
export function ws2Url(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/ws2?at=${encodeURIComponent(token)}`;
}
