// Test helper: the screen with a fake ApiClient and a session of the given role, mounted as the
// remote mounts it (Fluent, server data store, screen services). @ptt/map draws in a real
// browser only (the e2e); here its layer records what it is told.
import { useEffect } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { act, render } from '@testing-library/react';
import { Role } from '@ptt/contracts';
import type { BusPayload, Display, ScreenMe, ScreenMember, ScreenSummary } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import type { MemberMarker, PositionPoint } from '@ptt/map';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { ScreenProvider } from '../core';
import type { SelfUpdateOptions } from '../core';
import { ScreenPage } from '../pages/ScreenPage';
import { NS, en, zh } from '../strings';
import { ENT, summary as makeSummary } from './fakes';

export const layers: FakeLayer[] = [];
export class FakeLayer {
  members: MemberMarker[] = [];
  pushed: PositionPoint[][] = [];
  removed = false;
  constructor() {
    layers.push(this);
  }
  addTo() {
    return this;
  }
  remove() {
    this.removed = true;
  }
  setMembers(m: MemberMarker[]) {
    this.members = m;
  }
  pushPositions(p: PositionPoint[]) {
    this.pushed.push(p);
  }
}
export const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => ({ lat: p.lat, lng: p.lng }),
  leaflet: { fitBounds: jest.fn(), on: jest.fn(), off: jest.fn() },
};
jest.mock('@ptt/map', () => ({
  MemberLayer: jest.fn(() => new FakeLayer()),
  wallLayerOptions: (width: number) => ({ padding: 0, resolution: width > 2560 ? 0.5 : 1 }),
  MapView: ({ onReady, ariaLabel }: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={ariaLabel} />;
  },
}));

export interface Fixture {
  summary?: ScreenSummary;
  members?: ScreenMember[];
  me?: ScreenMe;
  displays?: Display[];
  role?: Role;
  standalone?: boolean;
  selfUpdate?: SelfUpdateOptions | null;
}

type Call = jest.Mock<Promise<unknown>, [string, unknown?, unknown?]>;

export function renderScreen({ summary = makeSummary(), members = [], me = { ent: ENT, display: null }, displays = [], role = Role.Dispatcher, standalone = false, selfUpdate = null }: Fixture = {}) {
  const state = { summary, members, me, displays };
  const get: Call = jest.fn((path: string) => {
    if (path === '/api/screen/summary') return Promise.resolve(state.summary);
    if (path === '/api/screen/members') return Promise.resolve({ items: state.members });
    if (path === '/api/screen/me') return Promise.resolve(state.me);
    if (path === '/api/screen/displays') return Promise.resolve({ items: state.displays });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  const post: Call = jest.fn((_path: string) => Promise.resolve(null));
  const put: Call = jest.fn((_path: string) => Promise.resolve(null));
  const del: Call = jest.fn((_path: string) => Promise.resolve(null));
  const api = { get, post, put, patch: jest.fn(), del } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', { id: 3, ent: ENT, auth_token: 'tok', client_id: 'c', account: 'user3', nickname: 'User 3', role });
  const view = render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        <ScreenProvider api={api} bus={bus} standalone={standalone} selfUpdate={selfUpdate}>
          <ScreenPage />
        </ScreenProvider>
      </DataProvider>
    </FluentProvider>,
  );
  const publish = <K extends 'ws/screen' | 'ws/ent' | 'ws/dispatch' | 'socket/status'>(topic: K, payload: BusPayload<K>) => act(() => bus.publish(topic, payload));
  const screenFrame = (payload: Omit<BusPayload<'ws/screen'>, 'topic'>) => publish('ws/screen', { ...payload, topic: 'screen/100001' } as BusPayload<'ws/screen'>);
  const socket = (s: 'open' | 'closed' | 'connecting', failures = 0) => publish('socket/status', { state: s, failures });
  return { ...view, get, post, put, del, bus, state, publish, screenFrame, socket };
}
