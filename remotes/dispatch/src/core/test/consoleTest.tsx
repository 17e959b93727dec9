// Test helpers for every feature: a real store, bus and i18n, and a fake REST client that answers
// by method and path (each answer goes through the caller's schema, as the real client does).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { Provider } from 'react-redux';
import { Role } from '@ptt/contracts';
import type { ChannelMember, Device, Session } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient, EventBus, RequestOptions } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
// The whole remote's store and texts (src/), so a feature's test runs with every slice.
import { createDispatchStore } from '../../store';
import { en, zh } from '../../strings';
import { ConsoleProvider } from '../context';
import { NS } from '../i18n';
import type { DispatchStore } from '../store';

export const ENT_ID = 100001;

export function session(overrides: Partial<Session> = {}): Session {
  return { id: 3, ent: { id: ENT_ID, name: 'Demo' }, auth_token: 'token', client_id: 'client', account: 'dispatcher1', nickname: 'Dispatcher 1', role: Role.Dispatcher, file_link: 'console-link', file_key: 'console-key', ...overrides };
}

export function member(userId: number, nickname: string, overrides: Partial<ChannelMember> = {}): ChannelMember {
  return { userId, account: `acc${userId}`, nickname, role: Role.User, level: 0, remark: null, enabled: true, joinedAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

export function device(id: number, uid: number, overrides: Partial<Device> = {}): Device {
  return {
    id, name: `Handset ${id}`, imei: null, mac: null, platform: 'android', status: 'available', active: true,
    activatedAt: '2026-01-01T00:00:00.000Z', user: { uid, account: `acc${uid}`, nickname: `User ${uid}` }, dispatcher: null, tag: null,
    createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

export type Handler = (body: unknown, query: RequestOptions<unknown>['query']) => unknown;

/** A refusal as the server sends it. */
export function refusal(code: number, key: string): never {
  throw new ApiError(code, key, 409, key);
}

export interface FakeApi extends ApiClient {
  calls: { method: string; path: string; body: unknown; query: RequestOptions<unknown>['query'] }[];
}

/** Answers `METHOD /path` from `routes`; anything else rejects, so a test sees what it did not expect. */
export function fakeApi(routes: Record<string, Handler>): FakeApi {
  const calls: FakeApi['calls'] = [];
  const request = async <T,>(method: string, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> => {
    calls.push({ method, path, body, query: options.query });
    await Promise.resolve();
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new ApiError(2012, 'rule.notFound', 404, `no fake for ${method} ${path}`);
    const data = handler(body, options.query);
    const schema = options.schema;
    if (!schema) return data as T;
    const checked = schema.safeParse(data);
    if (!checked.success) throw new Error(`fake answer for ${method} ${path} does not match its schema`);
    return checked.data;
  };
  return {
    calls,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    del: (path, body, options) => request('DELETE', path, body, options),
    upload: () => Promise.reject(new Error('no uploads in console tests')),
    download: () => Promise.reject(new Error('no downloads in console tests')),
  };
}

export interface Rendered {
  store: DispatchStore;
  bus: EventBus;
}

/** Renders `ui` inside the console's providers, signed in as `who` (null: no session yet). */
export function renderConsole(ui: ReactElement, api: ApiClient, who: Session | null = session()): Rendered & ReturnType<typeof render> {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  if (who) bus.publish('session', who);
  const store = createDispatchStore(api);
  const result = render(
    <FluentProvider theme={pttTheme}>
      <Provider store={store}>
        <ConsoleProvider api={api} bus={bus}>
          {ui}
        </ConsoleProvider>
      </Provider>
    </FluentProvider>,
  );
  return { ...result, store, bus };
}

/** What ConsoleSync loads when it starts, empty unless given. */
export function startRoutes(data: { devices?: Device[]; members?: ChannelMember[]; presence?: { uid: number; status: string }[] } = {}): Record<string, Handler> {
  const page = <T,>(items: T[]) => ({ items, total: items.length });
  return {
    'GET /api/chats': () => [],
    'GET /api/channels': () => page([]),
    'GET /api/presence': () => data.presence ?? [],
    'GET /api/devices': () => page(data.devices ?? []),
    'GET /api/calls/current': () => null,
    'GET /api/channels/1/members': () => page(data.members ?? []),
  };
}
