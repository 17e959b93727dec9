// Test helper: the records remote (or one of its pages) with a fake ApiClient and a session of the
// given role, under a router at `url`, mounted the way the host mounts it.
import { FluentProvider } from '@fluentui/react-components';
import { act, configure, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Role, type Page } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient, type EventBus, type RemoteAppProps } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';

// Fluent menus and dialogs settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export const BASE = '/main/record';

export const page = <T,>(items: T[], total = items.length): Page<T> => ({ items, total });

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface Fixture {
  /** Where the page opens, e.g. '/main/record/sos?range=7d'. */
  url: string;
  role?: Role;
  /** GET answers by path; a function gets the query. */
  answers?: Record<string, unknown>;
}

type Get = jest.Mock<Promise<unknown>, [string, { query?: Record<string, unknown>; signal?: AbortSignal }?]>;

/** Renders the remote's App at `url` and returns the fake client and bus to drive and inspect. */
export function renderRecords(App: ComponentType<RemoteAppProps>, { url, role = Role.Admin, answers = {} }: Fixture) {
  const get: Get = jest.fn((path: string, options?: { query?: Record<string, unknown> }) => {
    const answer = answers[path];
    if (answer === undefined) return Promise.resolve(page([]));
    return Promise.resolve(typeof answer === 'function' ? (answer as (q: Record<string, unknown>) => unknown)(options?.query ?? {}) : answer);
  });
  const api = { get } as unknown as ApiClient;
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
  return { get, bus };
}

/** The query of every GET of `path`, oldest first. */
export function queriesOf(get: Get, path: string): Record<string, unknown>[] {
  return get.mock.calls.filter(([p]) => p === path).map(([, options]) => options?.query ?? {});
}

/** Where the page is now: path and query string. */
export const location = () => screen.getByTestId('location').textContent ?? '';

/** The query string of where the page is now. */
export const searchNow = () => new URLSearchParams(location().split('?')[1] ?? '');

/** A refusal as ApiClient throws it. */
export function refusal(code: number, i18nKey: string, data: unknown = null): ApiError {
  return new ApiError(code, i18nKey, 400, i18nKey, data);
}

/** Lets the bus invalidation window pass (300 ms) with fake timers off. */
export const afterInvalidation = () => act(() => new Promise((r) => setTimeout(r, 400)));
