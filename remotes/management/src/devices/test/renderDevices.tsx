// Test helper: the devices page (or one dialog) with a fake ApiClient and a session of the given
// role, mounted as the remote mounts it (Fluent, server data store, management services).
import { FluentProvider } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Role, type Device, type DeviceMonitorInfo, type Page, type UserSummary } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { ManagementProvider, NS, en as coreEn, zh as coreZh } from '../../core';
import { en, zh } from '../strings';

export function device(over: Partial<Device> = {}): Device {
  return {
    id: 1,
    name: 'Handset 01',
    imei: '352099000000017',
    mac: '02:50:54:00:00:01',
    platform: 'android',
    status: 'available',
    active: true,
    activatedAt: '2026-01-05T08:00:00.000Z',
    user: { uid: 21, account: 'member1', nickname: 'Member 1' },
    dispatcher: { id: 3, nickname: 'Dispatcher 1' },
    tag: 'demo',
    createdAt: '2026-01-05T08:00:00.000Z',
    ...over,
  };
}

/** A device just added: never activated, no account. */
export const fresh = (over: Partial<Device> = {}) => device({ active: false, activatedAt: null, user: null, ...over });

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
  devices?: Device[];
  users?: UserSummary[];
  info?: DeviceMonitorInfo;
  role?: Role;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;
const call = (impl: (path: string, body?: unknown) => Promise<unknown>): Call => jest.fn(impl);

/** Renders `ui` and returns the fake client's methods to answer and inspect. */
export function renderDevices(ui: ReactNode, { devices = [], users = [], info, role = Role.SuperAdmin }: Fixture = {}) {
  const get = call((path: string) => {
    if (path === '/api/devices') return Promise.resolve(page(devices));
    if (/^\/api\/devices\/\d+\/logs$/.test(path)) return Promise.resolve(page([]));
    if (/^\/api\/devices\/\d+\/monitor-info$/.test(path) && info) return Promise.resolve(info);
    if (path === '/api/users') return Promise.resolve(page(users));
    if (path === '/api/presence') return Promise.resolve([{ uid: 21, status: 'online' }]);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  const post = call(() => Promise.resolve(null));
  const put = call(() => Promise.resolve(null));
  const patch = call(() => Promise.resolve(null));
  const del = call(() => Promise.resolve(null));
  const api = { get, post, put, patch, del } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, { core: coreEn, devices: en }, { core: coreZh, devices: zh });
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
  return { get, post, put, patch, del, bus };
}

/** A refusal as ApiClient throws it: the code and the i18n key the client mapped it to. */
export function refusal(code: number, i18nKey: string, data: unknown = null): ApiError {
  return new ApiError(code, i18nKey, 409, i18nKey, data);
}
