import { useEffect } from 'react';
import * as L from 'leaflet';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, PatrolAlertFrame, Session } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme, setLocale } from '@ptt/ui';
import { NS } from '../core';
import { createDispatchStore } from '../store';
import { en, zh } from '../strings';
import { LiveMap } from './LiveMap';

// Missed checkpoints on the live map (ADR 029): a PatrolAlert on ws/patrol raises a notification
// and is listed beside the fence alerts; "Show on map" centres the checkpoint and marks it. The
// map package is faked; the mark is a Leaflet marker added to the fake map (its DOM is tested in
// patrol/PatrolNodeMarker.test.tsx).

const layers: L.Layer[] = [];
const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => L.latLng(p.lat, p.lng),
  leaflet: {
    panTo: jest.fn(),
    fitBounds: jest.fn(),
    getZoom: () => 12,
    on: jest.fn(),
    off: jest.fn(),
    addLayer: (layer: L.Layer) => {
      layers.push(layer);
      // What Leaflet's own addLayer notes, so the layer's remove() comes back to removeLayer.
      Object.assign(layer, { _mapToAdd: fakeMap.leaflet });
      return fakeMap.leaflet;
    },
    removeLayer: (layer: L.Layer) => {
      layers.splice(layers.indexOf(layer), 1);
      return fakeMap.leaflet;
    },
  },
};
jest.mock('@ptt/map', () => ({
  DEFAULT_STALE_AFTER_MS: 300_000,
  COORD_CHANGE_EVENT: 'ptt:coordchange',
  STATUS_COLORS: { online: 'green', offline: 'grey', busy: 'red', away: 'amber', dnd: 'red', invisible: 'grey', unknown: 'grey' },
  FENCE_COLORS: { leave: 'green', stay: 'red' },
  useFenceOverlay: () => null,
  MemberLayer: jest.fn(() => ({
    addTo() {
      return this;
    },
    remove() {},
    setMembers() {},
    pushPositions() {},
    select() {},
  })),
  MapView: ({ onReady, ariaLabel }: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={ariaLabel} />;
  },
  selectArea: jest.fn(),
  inArea: jest.fn(),
  TrackDialog: () => null,
}));

const PLANNED = Date.UTC(2025, 0, 1, 8, 30, 0);
const session = (role: 0 | 1): Session => ({ id: 2, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher One', role });
const patrolAlert = (runId: number, over: Partial<PatrolAlertFrame> = {}): BusPayload<'ws/patrol'> => ({
  kind: 'PatrolAlert',
  topic: 'dispatch/100001',
  data: {
    runId, taskId: 3, taskName: 'Yard round', nodeId: 11, nodeName: 'Gate', lng: 116.43, lat: 39.91, plannedAt: new Date(PLANNED).toISOString(),
    reason: 'overdue', members: [{ uid: 5, nickname: 'Member One' }], time: new Date(PLANNED + 16 * 60_000).toISOString(), ...over,
  },
});
/** The planned time as the console writes it (the test's time zone is the machine's). */
const planned = (lang: 'en' | 'zh' = 'en') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(PLANNED));

function setup(role: 0 | 1) {
  const bus = createEventBus();
  initI18n({ bus, storage: window.localStorage });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', session(role));
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const get = jest.fn((path: string) => Promise.resolve(path === '/api/sos' ? { items: [], total: 0 } : []));
  const api = { get, post: jest.fn(), put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const store = createDispatchStore(api);
  render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <LiveMap api={api} bus={bus} />
      </FluentProvider>
    </Provider>,
  );
  return { bus, store, notices, get };
}

async function loaded(get: jest.Mock) {
  await waitFor(() => expect(get).toHaveBeenCalledWith('/api/sos', expect.anything()));
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

const marked = () => layers.filter((l): l is L.Marker => l instanceof L.Marker).map((m) => ({ ...m.getLatLng() }));

beforeEach(() => {
  layers.length = 0;
  fakeMap.focus.mockClear();
  localStorage.clear();
});

describe('patrol alerts on the live map', () => {
  it('raises "Checkpoint missed" naming the node, task, planned time and reason; "Show on map" centres and marks the node', async () => {
    const { bus, store, notices, get } = setup(1);
    await loaded(get);
    act(() => bus.publish('ws/patrol', patrolAlert(31)));
    // A change frame is not an alert.
    act(() => bus.publish('ws/patrol', { kind: 'PatrolChange', topic: 'dispatch/100001', data: { what: 'run', id: 31, run: null } }));

    expect(notices).toEqual([
      {
        intent: 'warning',
        key: 'dispatch:patrol.alert.overdue',
        values: { node: 'Gate', task: 'Yard round', time: planned() },
        id: `patrol-alert-31:11:${new Date(PLANNED).toISOString()}`,
        timeoutMs: 10_000,
      },
    ]);
    const list = screen.getByRole('region', { name: 'Patrol alerts' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(`Checkpoint missed: “Gate” of “Yard round”, planned ${planned()}, not checked in by its late limit`);
    expect(screen.queryByRole('region', { name: 'Fence alerts' })).toBeNull();
    expect(marked()).toEqual([]);

    await userEvent.click(within(item).getByRole('button', { name: 'Show on map' }));
    expect(fakeMap.focus).toHaveBeenCalledWith({ lng: 116.43, lat: 39.91 }, 16);
    expect(marked()).toEqual([{ lat: 39.91, lng: 116.43 }]);
    expect(item).toHaveAttribute('aria-current', 'true');
    // Nobody is selected: the alert is about a place.
    expect(store.getState().console.selectedUserId).toBeNull();

    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Patrol alerts' })).toBeNull();
    expect(marked()).toEqual([]);
  });

  it('says which were skipped, keeps the newest three on show, one alert per stop, beside the fence alerts', async () => {
    const { bus, notices, get } = setup(1);
    await loaded(get);
    act(() => {
      for (const run of [1, 2, 3, 4]) bus.publish('ws/patrol', patrolAlert(run, { nodeName: `Node ${run}`, reason: run % 2 ? 'overdue' : 'skipped' }));
      bus.publish('ws/patrol', patrolAlert(4, { nodeName: 'Node 4', reason: 'skipped' }));
      bus.publish('ws/fence', {
        kind: 'WallAlert', topic: 'dispatch/100001',
        data: { alertId: 9, fenceId: 7, fenceName: 'Yard', uid: 5, account: 'member1', nickname: 'Member One', type: 'leave', lng: 116.4, lat: 39.9, time: new Date(PLANNED).toISOString() },
      });
    });
    expect(notices.filter((n) => n.key?.startsWith('dispatch:patrol')).map((n) => n.key)).toEqual([
      'dispatch:patrol.alert.overdue', 'dispatch:patrol.alert.skipped', 'dispatch:patrol.alert.overdue', 'dispatch:patrol.alert.skipped', 'dispatch:patrol.alert.skipped',
    ]);
    const list = screen.getByRole('region', { name: 'Patrol alerts' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.split(',')[0])).toEqual([
      'Checkpoint missed: “Node 4” of “Yard round”',
      'Checkpoint missed: “Node 3” of “Yard round”',
      'Checkpoint missed: “Node 2” of “Yard round”',
    ]);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('skipped (a later checkpoint was checked in first)');
    expect(list).toHaveTextContent('1 earlier alerts');
    expect(screen.getByRole('region', { name: 'Fence alerts' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByRole('region', { name: 'Patrol alerts' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Fence alerts' })).toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    const { bus, notices, get } = setup(1);
    await loaded(get);
    act(() => setLocale('zh'));
    act(() => bus.publish('ws/patrol', patrolAlert(50, { nodeName: '北门', taskName: '夜间巡逻', reason: 'skipped' })));
    expect(screen.getByRole('region', { name: '巡更告警' })).toHaveTextContent(`巡更点漏检：“夜间巡逻”的“北门”，计划 ${planned('zh')}，被跳过`);
    expect(screen.getByRole('button', { name: '在地图上显示' })).toBeInTheDocument();
    expect(notices.at(-1)).toMatchObject({ key: 'dispatch:patrol.alert.skipped', values: { time: planned('zh') } });
    act(() => setLocale('en'));
  });

  it('gives a member no patrol alerts', async () => {
    const { bus, notices, get } = setup(0);
    await waitFor(() => expect(get).toHaveBeenCalled());
    act(() => bus.publish('ws/patrol', patrolAlert(60)));
    expect(notices.filter((n) => n.key?.includes('patrol'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Patrol alerts' })).toBeNull();
  });
});
