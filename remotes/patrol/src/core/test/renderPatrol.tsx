// Test helper: the patrol remote at a path under /main/patrol with a fake ApiClient (GET answers by
// path, mutations as jest mocks), mounted the way the host mounts it (as renderRemote does, with
// the client the test controls).
import { FluentProvider } from '@fluentui/react-components';
import { act, configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Role, type Page } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient, type EventBus } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';
import App from '../../App';

// Fluent menus and dialogs settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export const BASE = '/main/patrol';

export const page = <T,>(items: T[], total = items.length): Page<T> => ({ items, total });

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface Fixture {
  /** GET answers by path; a function gets the query. A missing path answers an empty page. */
  answers?: Record<string, unknown>;
  role?: Role;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;
type Get = jest.Mock<Promise<unknown>, [string, { query?: Record<string, unknown> }?]>;

/** Renders the remote at `url`; returns the fake client's methods to answer and inspect, and the bus. */
export function renderPatrol(url: string, { answers = {}, role = Role.Admin }: Fixture = {}) {
  const get: Get = jest.fn((path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === '/api/enterprise') return Promise.resolve({ timeZone: 'Asia/Shanghai' });
    const answer = answers[path];
    if (answer === undefined) return Promise.resolve(page([]));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(typeof answer === 'function' ? (answer as (q: Record<string, unknown>) => unknown)(options?.query ?? {}) : answer);
  });
  const mutation = (): Call => jest.fn((_path: string, _body?: unknown, _options?: unknown) => Promise.resolve<unknown>(null));
  const post = mutation();
  const put = mutation();
  const patch = mutation();
  const del = mutation();
  const api = { get, post, put, patch, del } as unknown as ApiClient;
  const bus: EventBus = createEventBus();
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
  return { get, post, put, patch, del, bus };
}

/** The query of every GET of `path`, oldest first. */
export function queriesOf(get: Get, path: string): Record<string, unknown>[] {
  return get.mock.calls.filter(([p]) => p === path).map(([, options]) => options?.query ?? {});
}

/** A refusal as ApiClient throws it: the rule key is what the client maps `data.reason` to. */
export function refusal(code: number, i18nKey: string, data: unknown = null): ApiError {
  return new ApiError(code, i18nKey, 409, i18nKey, data);
}

export const location = () => screen.getByTestId('location').textContent ?? '';

/** Lets the bus invalidation window pass (300 ms). */
export const afterInvalidation = () => act(() => new Promise((r) => setTimeout(r, 400)));
