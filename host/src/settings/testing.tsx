// Renders the user menu with its settings part around fakes (unit tests only).
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import type { Session, UserDetail } from '@ptt/contracts';
import { createEventBus, createSessionStore } from '@ptt/event-bus';
import type { ApiClient, SocketBridge } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';
import { ServicesProvider } from '../app/services';
import type { RemoteLoader } from '../remotes/remoteRegistry';
import { UserMenu } from '../shell/UserMenu';

export const SESSION: Session = {
  id: 7,
  ent: { id: 100001, name: 'Demo' },
  auth_token: 'token-7',
  client_id: 'web-7',
  account: 'dispatcher1',
  nickname: 'Dispatcher One',
  role: 1,
};

export const ME: UserDetail = {
  id: 7,
  account: 'dispatcher1',
  nickname: 'Renamed One',
  role: 1,
  locked: false,
  avatar: null,
  dispatcherId: null,
  dispatcherNickname: null,
  channelRemark: null,
  tags: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  channels: [],
  devices: [],
};

export function renderUserMenu({ me = (): Promise<unknown> => Promise.resolve(ME) } = {}) {
  const bus = createEventBus();
  const sessionStore = createSessionStore({ bus, storage: localStorage });
  sessionStore.save(SESSION);
  initI18n({ bus });
  const get = jest.fn<Promise<unknown>, [string, unknown?]>(() => me());
  const post = jest.fn<Promise<unknown>, [string, unknown?]>(() => Promise.resolve(null));
  const api = { get, post, put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const bridge: jest.Mocked<SocketBridge> = {
    connect: jest.fn(),
    disconnect: jest.fn(),
    sendOfflineHeartbeat: jest.fn(() => true),
    sendChatHeartbeat: jest.fn((_chatId: string) => true),
    isOpen: jest.fn(() => false),
    droppedFrames: jest.fn(() => ({})),
  };
  const remotes = { load: jest.fn(), reset: jest.fn() } as unknown as RemoteLoader;
  const utils = render(
    <MemoryRouter initialEntries={['/main/dispatch']}>
      <ServicesProvider value={{ bus, sessionStore, api, bridge, remotes }}>
        <FluentProvider theme={pttTheme}>
          <UserMenu />
        </FluentProvider>
      </ServicesProvider>
    </MemoryRouter>,
  );
  return { ...utils, bus, get, post, bridge, sessionStore };
}
