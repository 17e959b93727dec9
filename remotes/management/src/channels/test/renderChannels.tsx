// Test helper: the channels page (or one of its dialogs) with a fake ApiClient and a session of
// the given role, the way the remote mounts it (Fluent, server data store, management services).
import { FluentProvider } from '@fluentui/react-components';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Role, type Channel, type ChannelMember, type Page, type UserSummary } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { ManagementProvider, NS, en as coreEn, zh as coreZh } from '../../core';
import { en, zh } from '../strings';

// Nested Fluent dialogs settle over a few frames, and the test machine is shared: wait longer.
configure({ asyncUtilTimeout: 5000 });

export function channel(over: Partial<Channel> = {}): Channel {
  return {
    id: 11,
    name: 'Security',
    createdAt: '2026-01-05T08:00:00.000Z',
    enabled: true,
    disbanded: false,
    disbandedAt: null,
    isEnterprise: false,
    memberCount: 5,
    ...over,
  };
}

export function member(over: Partial<ChannelMember> = {}): ChannelMember {
  return { userId: 21, account: 'member1', nickname: 'Member 1', role: Role.User, level: 0, remark: null, enabled: true, joinedAt: '2026-01-05T08:00:00.000Z', ...over };
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

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length });

export interface Fixture {
  channels?: Channel[];
  members?: ChannelMember[];
  users?: UserSummary[];
  role?: Role;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;

/** Renders `ui` (the page by default) and returns the fake client's methods to answer and inspect. */
export function renderChannels(ui: ReactNode, { channels = [], members = [], users = [], role = Role.SuperAdmin }: Fixture = {}) {
  const get = jest.fn((path: string) => {
    if (path === '/api/channels') return Promise.resolve(page(channels));
    if (/^\/api\/channels\/\d+\/members$/.test(path)) return Promise.resolve(page(members));
    if (path === '/api/users') return Promise.resolve(page(users));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  }) as unknown as Call;
  const answer = (): Call => jest.fn((_path: string, _body?: unknown, _options?: unknown) => Promise.resolve<unknown>(null));
  const post = answer();
  const patch = answer();
  const del = answer();
  const api = { get, post, put: jest.fn(), patch, del } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, { core: coreEn, channels: en }, { core: coreZh, channels: zh });
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
