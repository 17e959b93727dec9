// Test helper: the fences remote at a path under /main/fenceManagement with a fake ApiClient and a
// session of the given role, the way the host mounts it.
import { FluentProvider } from '@fluentui/react-components';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Role, type Channel, type Fence, type FenceDetail, type Page, type UserSummary } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';
import App from '../App';

// Fluent dialogs settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export const BASE = '/main/fenceManagement';

export function fence(over: Partial<Fence> = {}): Fence {
  return {
    id: 7,
    name: 'Depot',
    enabled: true,
    rule: 'leave',
    shape: { type: 'polygon', points: [{ lng: 116.39, lat: 39.9 }, { lng: 116.41, lat: 39.9 }, { lng: 116.4, lat: 39.92 }] },
    coord: 0,
    dwellS: 0,
    schedule: null,
    activeNow: true,
    insideCount: 0,
    userCount: 0,
    channelCount: 0,
    createdBy: { id: 1, nickname: 'Me' },
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...over,
  };
}

export function detail(over: Partial<FenceDetail> = {}): FenceDetail {
  return { ...fence(over), users: [], channels: [], ...over };
}

export function user(over: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 21,
    account: 'member1',
    nickname: 'Member 1',
    role: Role.User,
    locked: false,
    avatar: null,
    dispatcherId: null,
    dispatcherNickname: null,
    channelRemark: null,
    tags: [],
    createdAt: '2026-01-05T08:00:00.000Z',
    ...over,
  };
}

export function channel(over: Partial<Channel> = {}): Channel {
  return { id: 11, name: 'Security', createdAt: '2026-01-05T08:00:00.000Z', enabled: true, disbanded: false, disbandedAt: null, isEnterprise: false, memberCount: 5, ...over };
}

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length });

export interface Fixture {
  fences?: Fence[];
  details?: FenceDetail[];
  users?: UserSummary[];
  channels?: Channel[];
  role?: Role;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders the remote at `url` and returns the fake client's methods to answer and inspect. */
export function renderFences(url: string, { fences = [], details = [], users = [], channels = [], role = Role.SuperAdmin }: Fixture = {}) {
  const get = jest.fn((path: string) => {
    if (path === '/api/fences') return Promise.resolve(page(fences));
    const one = /^\/api\/fences\/(\d+)$/.exec(path);
    if (one) {
      const found = details.find((d) => d.id === Number(one[1]));
      return found ? Promise.resolve(found) : Promise.reject(new ApiError(2012, 'serverCode.2012', 404, 'not found', null));
    }
    if (path === '/api/users') return Promise.resolve(page(users));
    if (path === '/api/channels') return Promise.resolve(page(channels));
    if (path === '/api/enterprise') return Promise.resolve({ timeZone: 'Asia/Shanghai' });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as unknown as Call;
  const answer = (): Call => jest.fn((_path: string, _body?: unknown, _options?: unknown) => Promise.resolve<unknown>(details[0] ?? null));
  const post = answer();
  const patch = answer();
  const del = answer();
  const api = { get, post, put: jest.fn(), patch, del } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  bus.publish('session', { id: 1, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'me', nickname: 'Me', role });
  render(
    <FluentProvider theme={pttTheme}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={`${BASE}/*`} element={<App api={api} bus={bus} basePath={BASE} />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </FluentProvider>,
  );
  return { get, post, patch, del, bus };
}

/** A refusal as ApiClient throws it: the code and the i18n key the client mapped it to. */
export function refusal(code: number, i18nKey: string, data: unknown = null): ApiError {
  return new ApiError(code, i18nKey, 409, i18nKey, data);
}

/** The query parameters of every GET of `path`, oldest first. */
export function queriesOf(get: jest.Mock, path: string): Record<string, unknown>[] {
  return (get.mock.calls as [string, { query?: Record<string, unknown> }?][]).filter(([p]) => p === path).map(([, options]) => options?.query ?? {});
}
