// Renders the shell with fake remotes, API and socket bridge (unit tests only).
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Title1 } from '@fluentui/react-components';
import { SERVICE_STATUS_PATH, ServiceState, type ServiceStatus, type Session } from '@ptt/contracts';
import { createEventBus, createSessionStore } from '@ptt/event-bus';
import type { ApiClient, RemoteAppProps, SocketBridge } from '@ptt/event-bus';
import { initI18n } from '@ptt/ui';
import type { RemoteModule } from '@ptt/ui';
import { HostApp } from '../app/HostApp';
import type { RemoteLoader } from '../remotes/remoteRegistry';

export const SESSION: Session = {
  id: 7,
  ent: { id: 100001, name: 'Demo' },
  auth_token: 'token-7',
  client_id: 'web-7',
  account: 'dispatcher1',
  nickname: 'Dispatcher One',
  role: 1,
  file_link: 'link-7',
  file_key: 'file-key-7',
};

function fakeRemote(name: string): RemoteModule<RemoteAppProps> {
  return {
    default: ({ basePath }: RemoteAppProps) => (
      <div data-testid={`remote-${name}`}>
        <Title1 as="h1">{`${name} at ${basePath}`}</Title1>
      </div>
    ),
  };
}

const ALL_UP: ServiceStatus = { database: ServiceState.Up, redis: ServiceState.NotConfigured, janus: ServiceState.Up };

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export function renderHost(
  url: string,
  {
    session = null as Session | null,
    failing = [] as string[],
    answer = undefined as ((path: string) => Promise<unknown>) | undefined,
    /** The status GET goes to `answer` too (the banner's own tests). */
    statusFromAnswer = false,
  } = {},
) {
  const bus = createEventBus();
  const sessionStore = createSessionStore({ bus, storage: localStorage });
  if (session) sessionStore.save(session);
  else sessionStore.clear();
  initI18n({ bus });
  const post = jest.fn<Promise<unknown>, [string, unknown?]>(() => Promise.resolve(null));
  // `answer`: GET answers from the first render on (effects ask at mount).
  // The service banner asks for the status on every page: everything is up unless a test says
  // otherwise through `answer` (a status the fake would refuse to parse made these tests flaky).
  const get = jest.fn<Promise<unknown>, [string, unknown?]>((path) =>
    path === SERVICE_STATUS_PATH && !statusFromAnswer ? Promise.resolve(ALL_UP) : (answer?.(path) as Promise<unknown>),
  );
  const patch = jest.fn<Promise<unknown>, [string, unknown?, unknown?]>(() => Promise.resolve(null));
  const api = { get, post, put: jest.fn(), patch, del: jest.fn(), upload: jest.fn() } as unknown as ApiClient;
  const bridge: jest.Mocked<SocketBridge> = {
    connect: jest.fn(),
    disconnect: jest.fn(),
    sendOfflineHeartbeat: jest.fn(() => true),
    sendChatHeartbeat: jest.fn((_chatId: string) => true),
    isOpen: jest.fn(() => false),
    droppedFrames: jest.fn(() => ({})),
  };
  const down = new Set(failing);
  const remotes: jest.Mocked<RemoteLoader> = {
    load: jest.fn((name: string) =>
      down.has(name) ? Promise.reject(new Error(`${name} is down`)) : Promise.resolve(fakeRemote(name)),
    ),
    reset: jest.fn((name: string) => {
      down.delete(name);
    }),
  };
  const utils = render(
    <MemoryRouter initialEntries={[url]}>
      <HostApp services={{ bus, sessionStore, api, bridge, remotes }} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, bus, sessionStore, get, post, patch, bridge, remotes };
}
