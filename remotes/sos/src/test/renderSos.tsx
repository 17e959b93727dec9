// Test helper: the SOS page with a fake ApiClient and a session of the given role, mounted as the
// remote mounts it (Fluent, server data store, SOS services), with fake media.
import { FluentProvider } from '@fluentui/react-components';
import { act, render } from '@testing-library/react';
import { Role, type Page, type SosEvent, type SosRecord, type SosSettings } from '@ptt/contracts';
import { createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme, setLocale } from '@ptt/ui';
import { SosProvider } from '../core';
import { SosPage } from '../pages/SosPage';
import { NS, en, zh } from '../strings';
import { FakeSiren, fakeMonitor, msgOf } from './fakes';

export interface Fixture {
  open?: SosRecord[];
  closed?: SosRecord[];
  events?: SosEvent[];
  settings?: SosSettings;
  role?: Role;
  blocked?: boolean;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;
const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length });

export function renderSos({ open = [], closed = [], events = [], settings = { escalateAfterS: 60, embedOrigins: [] }, role = Role.Dispatcher, blocked = false }: Fixture = {}) {
  const state = { open, closed };
  const get: Call = jest.fn((path: string, options?: unknown) => {
    const query = (options as { query?: Record<string, unknown> } | undefined)?.query ?? {};
    if (path === '/api/sos') return Promise.resolve(page(query.state === 'closed' ? state.closed : state.open));
    if (/^\/api\/sos\/\d+\/events$/.test(path)) return Promise.resolve(events);
    if (path === '/api/sos/settings') return Promise.resolve(settings);
    if (path === '/api/ptt/media') return Promise.resolve({ available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge', pttPath: 'sfu' });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  const post: Call = jest.fn((_path: string) => Promise.resolve(null));
  const put: Call = jest.fn((_path: string, body?: unknown) => Promise.resolve({ ...settings, ...(body as object) }));
  const api = { get, post, put, patch: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', { id: 3, ent: { id: 100001, name: 'Demo' }, auth_token: 'tok', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher 1', role });
  const siren = new FakeSiren();
  siren.blocked = blocked;
  const monitor = fakeMonitor();
  const view = render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        <SosProvider api={api} bus={bus} createSiren={() => siren} createMonitorClient={monitor.create}>
          <SosPage />
        </SosProvider>
      </DataProvider>
    </FluentProvider>,
  );
  /** The server says what became of an SOS on the enterprise topic. */
  const frame = (r: SosRecord) => act(() => bus.publish('ws/ent', { kind: 'SosMsg', data: msgOf(r), topic: 'msg/listen/ent/100001' }));
  const socket = (s: 'open' | 'closed' | 'connecting', failures = 0) => act(() => bus.publish('socket/status', { state: s, failures }));
  return { ...view, get, post, put, bus, siren, monitor, frame, socket, state };
}

export const language = (l: 'en' | 'zh') => act(() => setLocale(l));
