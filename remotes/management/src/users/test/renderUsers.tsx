// Test helper: the users page (or one of its dialogs) with a fake ApiClient and a session of the
// given role, mounted the way the remote mounts it (Fluent, server data store, management services).
import { FluentProvider } from '@fluentui/react-components';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Role, type Page, type UserStatus, type UserSummary } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { ManagementProvider, NS, en as coreEn, zh as coreZh } from '../../core';
import { en, zh } from '../strings';

// Fluent dialogs and menus settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export function user(over: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 21,
    account: 'member1',
    nickname: 'Member 1',
    role: Role.User,
    locked: false,
    avatar: null,
    dispatcherId: 3,
    dispatcherNickname: 'Dispatcher 1',
    channelRemark: null,
    tags: ['north'],
    createdAt: '2026-01-05T08:00:00.000Z',
    deviceCount: 1,
    channelCount: 2,
    ...over,
  };
}

export const DISPATCHER = user({ id: 3, account: 'dispatcher1', nickname: 'Dispatcher 1', role: Role.Dispatcher, dispatcherId: null, dispatcherNickname: null, tags: [] });

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length });

export interface Fixture {
  users?: UserSummary[];
  presence?: { uid: number; status: UserStatus }[];
  role?: Role;
  /** Answers to other GETs, by path. */
  answers?: Record<string, unknown>;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;

/** Renders `ui` and returns the fake client's methods to answer and inspect. */
export function renderUsers(ui: ReactNode, { users = [], presence = [], role = Role.Admin, answers = {} }: Fixture = {}) {
  const get = jest.fn((path: string) => {
    if (path === '/api/users') return Promise.resolve(page(users));
    if (path === '/api/presence') return Promise.resolve(presence);
    if (path in answers) return Promise.resolve(answers[path]);
    if (path === '/api/channels') return Promise.resolve(page([]));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as unknown as Call;
  const answer = (): Call => jest.fn((_path: string, _body?: unknown, _options?: unknown) => Promise.resolve<unknown>(null));
  const post = answer();
  const patch = answer();
  const put = answer();
  const del = answer();
  const upload = answer();
  const download = answer();
  const api = { get, post, put, patch, del, upload, download } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, { core: coreEn, users: en }, { core: coreZh, users: zh });
  bus.publish('session', { id: 1, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'me', nickname: 'Me', role });
  render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        <ManagementProvider api={api} bus={bus}>
          {ui}
        </ManagementProvider>
      </DataProvider>
    </FluentProvider>,
  );
  return { get, post, patch, put, del, upload, download, bus };
}

/** A refusal as ApiClient throws it: the code and the i18n key the client mapped it to. */
export function refusal(code: number, i18nKey: string, data: unknown = null): ApiError {
  return new ApiError(code, i18nKey, 409, i18nKey, data);
}

/** The query parameters of every GET of `path`, oldest first. */
export function queriesOf(get: jest.Mock, path: string): Record<string, unknown>[] {
  return (get.mock.calls as [string, { query?: Record<string, unknown> }?][]).filter(([p]) => p === path).map(([, options]) => options?.query ?? {});
}
