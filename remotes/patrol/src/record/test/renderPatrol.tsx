// Test helper: the patrol remote (App, as the host mounts it) with a fake ApiClient and a session
// of the given role, under a router at `url`; the fake client and the bus drive and inspect it.
import { FluentProvider } from '@fluentui/react-components';
import { act, configure, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Role, type Page } from '@ptt/contracts';
import { createEventBus, type ApiClient, type EventBus } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import App from '../../App';
import { NS, en, zh } from '../../strings';

// Fluent menus and dialogs settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export const BASE = '/main/patrol';

export const page = <T,>(items: T[], total = items.length): Page<T> => ({ items, total });

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

type Query = Record<string, unknown>;
type Get = jest.Mock<Promise<unknown>, [string, { query?: Query; signal?: AbortSignal }?]>;
type Post = jest.Mock<Promise<unknown>, [string, unknown, unknown?]>;

export interface PatrolFixture {
  /** Where the page opens, e.g. '/main/patrol/record?list=checkins'. */
  url: string;
  role?: Role;
  /** GET answers by path; a function gets the query. Anything else answers an empty page. */
  answers?: Record<string, unknown>;
  /** POST answers by path (a function gets the body); anything else answers null. */
  posts?: Record<string, unknown>;
}

export function renderPatrol({ url, role = Role.Admin, answers = {}, posts = {} }: PatrolFixture) {
  const get: Get = jest.fn((path: string, options?: { query?: Query }) => {
    const answer = answers[path];
    if (answer === undefined) return Promise.resolve(page([]));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(typeof answer === 'function' ? (answer as (q: Query) => unknown)(options?.query ?? {}) : answer);
  });
  const post: Post = jest.fn((path: string, body: unknown) => {
    const answer = posts[path];
    return Promise.resolve(typeof answer === 'function' ? (answer as (b: unknown) => unknown)(body) : (answer ?? null));
  });
  const api = { get, post } as unknown as ApiClient;
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
  return { get, post, bus };
}

/** The query of every GET of `path`, oldest first. */
export function queriesOf(get: Get, path: string): Query[] {
  return get.mock.calls.filter(([p]) => p === path).map(([, options]) => options?.query ?? {});
}

/** Where the page is now: path and query string. */
export const location = () => screen.getByTestId('location').textContent ?? '';

/** The query string of where the page is now. */
export const searchNow = () => new URLSearchParams(location().split('?')[1] ?? '');

/** Lets `ms` pass with real timers. */
export const elapse = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

/**
 * One part of the section (a dialog, the replay) alone, inside the remote's data store and strings,
 * without the App's other sections.
 */
export function renderPart(ui: ReactElement, { role = Role.Admin, answers = {} }: Omit<PatrolFixture, 'url'> = {}) {
  const get: Get = jest.fn((path: string) => {
    const answer = answers[path];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? page([]));
  });
  const api = { get } as unknown as ApiClient;
  const bus: EventBus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', { id: 1, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'me', nickname: 'Me', role });
  render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        {ui}
      </DataProvider>
    </FluentProvider>,
  );
  return { get, bus };
}
