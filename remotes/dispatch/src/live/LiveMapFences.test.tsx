import { useEffect } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, Fence, FenceDetail, Session, WallAlertFrame } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import type { FenceDrawing, useFenceOverlay as UseFenceOverlay } from '@ptt/map';
import { addRemoteStrings, initI18n, pttTheme, setLocale } from '@ptt/ui';
import { NS } from '../core';
import { createDispatchStore } from '../store';
import { en, zh } from '../strings';
import { LiveMap } from './LiveMap';

// Fence alerts and the fence layer on the live map (ADR 027). The map package is faked: the
// member layer records selection, the fence overlay records what it was asked to draw.

const selected: Array<number | null> = [];
const overlay = jest.fn<ReturnType<typeof UseFenceOverlay>, Parameters<typeof UseFenceOverlay>>(() => null);
const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => ({ lat: p.lat, lng: p.lng }),
  leaflet: { panTo: jest.fn(), fitBounds: jest.fn(), getZoom: () => 12, on: jest.fn(), off: jest.fn() },
};
jest.mock('@ptt/map', () => ({
  DEFAULT_STALE_AFTER_MS: 300_000,
  STATUS_COLORS: { online: 'green', offline: 'grey', busy: 'red', away: 'amber', dnd: 'red', invisible: 'grey', unknown: 'grey' },
  FENCE_COLORS: { leave: 'green', stay: 'red' },
  useFenceOverlay: (...args: Parameters<typeof UseFenceOverlay>) => overlay(...args),
  MemberLayer: jest.fn(() => ({
    addTo() {
      return this;
    },
    remove() {},
    setMembers() {},
    pushPositions() {},
    select(uid: number | null) {
      selected.push(uid);
    },
  })),
  MapView: ({ onReady, ariaLabel }: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={ariaLabel} />;
  },
  selectArea: jest.fn(),
  inArea: jest.fn(),
  TrackDialog: () => null,
}));

const T = Date.UTC(2025, 0, 1, 8, 0, 0);
const session = (role: 0 | 1): Session => ({ id: 2, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher One', role });
const fence = (id: number, name: string, rule: 'leave' | 'stay'): Fence => ({
  id, name, enabled: true, rule, coord: 0, dwellS: 0, schedule: null, activeNow: true, insideCount: 0, userCount: 1, channelCount: 0,
  shape: { type: 'circle', center: { lng: 116.397, lat: 39.909 }, radius: 2600 }, createdBy: null, createdAt: '', updatedAt: '',
});
const AREA = fence(7, 'Operations area', 'leave');
const YARD = fence(8, 'Restricted yard', 'stay');
const detail = (f: Fence): FenceDetail => ({ ...f, users: [], channels: [] });
const wallAlert = (alertId: number, over: Partial<WallAlertFrame> = {}): BusPayload<'ws/fence'> => ({
  kind: 'WallAlert',
  topic: 'dispatch/100001',
  data: { alertId, fenceId: 7, fenceName: 'Operations area', uid: 5, account: 'member1', nickname: 'Member One', type: 'leave', lng: 116.43, lat: 39.91, time: new Date(T).toISOString(), ...over },
});

function fencesApi() {
  return jest.fn((path: string, opts?: { query?: Record<string, unknown> }) => {
    if (path === '/api/fences') return Promise.resolve({ items: opts?.query?.enabled === true ? [AREA, YARD] : [], total: 2 });
    if (path === '/api/fences/7') return Promise.resolve(detail(AREA));
    if (path === '/api/sos') return Promise.resolve({ items: [], total: 0 });
    return Promise.resolve([]);
  });
}

function setup(role: 0 | 1, get = fencesApi()) {
  const bus = createEventBus();
  initI18n({ bus, storage: window.localStorage });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', session(role));
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const api = { get, post: jest.fn(), put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const store = createDispatchStore(api);
  const view = render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <LiveMap api={api} bus={bus} />
      </FluentProvider>
    </Provider>,
  );
  return { bus, store, notices, get, view };
}

/** Lets the map's first reads (positions, open SOS) land, so their updates happen inside the test. */
async function loaded(get: jest.Mock) {
  await waitFor(() => expect(get).toHaveBeenCalledWith('/api/sos', expect.anything()));
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

/** What the overlay was last asked to draw: fence ids, and the highlighted one. */
function drawn(): { ids: number[]; highlightId: number | null | undefined } {
  const call = overlay.mock.calls.at(-1);
  return { ids: (call?.[1] ?? []).map((f: FenceDrawing) => f.id), highlightId: call?.[2]?.highlightId };
}

beforeEach(() => {
  overlay.mockClear();
  selected.length = 0;
  fakeMap.focus.mockClear();
  localStorage.clear();
});

describe('fence alerts on the live map', () => {
  it('raises a notification and lists the alert; "Show on map" centres and selects the member and draws the fence', async () => {
    const { bus, store, notices, get } = setup(1);
    await loaded(get);
    act(() => bus.publish('ws/fence', wallAlert(31)));

    expect(notices).toContainEqual({
      intent: 'warning',
      key: 'dispatch:fences.alert.leave',
      values: { name: 'Member One', fence: 'Operations area' },
      id: 'fence-alert-31',
      timeoutMs: 10_000,
    });
    const list = screen.getByRole('region', { name: 'Fence alerts' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Fence alert: Member One left “Operations area”');
    expect(drawn().ids).toEqual([]);

    await userEvent.click(within(item).getByRole('button', { name: 'Show on map' }));
    // The alert's position is the member's newest known: the map centres it at street level.
    await waitFor(() => expect(fakeMap.focus).toHaveBeenCalledWith({ uid: 5, lng: 116.43, lat: 39.91, time: T }, 16));
    expect(store.getState().console.selectedUserId).toBe(5);
    expect(selected.at(-1)).toBe(5);
    await waitFor(() => expect(drawn()).toEqual({ ids: [7], highlightId: 7 }));
    expect(get).toHaveBeenCalledWith('/api/fences/7', expect.anything());
    expect(item).toHaveAttribute('aria-current', 'true');

    // Dismissed: off the list and off the map.
    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Fence alerts' })).toBeNull();
    expect(drawn()).toEqual({ ids: [], highlightId: null });
  });

  it('keeps the newest three on show, counts the rest and dismisses them all; a frame heard twice is one alert', async () => {
    const { bus, get } = setup(1);
    await loaded(get);
    act(() => {
      for (const id of [1, 2, 3, 4, 5]) bus.publish('ws/fence', wallAlert(id, { nickname: `Member ${id}`, type: id % 2 ? 'leave' : 'stay', fenceName: 'Yard' }));
      bus.publish('ws/fence', wallAlert(5, { nickname: 'Member 5', fenceName: 'Yard' }));
    });
    const list = screen.getByRole('region', { name: 'Fence alerts' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.split('”')[0])).toEqual([
      'Fence alert: Member 5 left “Yard',
      'Fence alert: Member 4 entered “Yard',
      'Fence alert: Member 3 left “Yard',
    ]);
    expect(list).toHaveTextContent('2 earlier alerts');
    await userEvent.click(within(list).getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByRole('region', { name: 'Fence alerts' })).toBeNull();
  });

  it('switches the fence layer in the layer menu, keeps the choice, and highlights an alert fence among them', async () => {
    const first = setup(1);
    await loaded(first.get);
    expect(drawn().ids).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Map layers' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Geofences' }));
    await waitFor(() => expect(drawn().ids).toEqual([7, 8]));
    const listed = first.get.mock.calls.filter(([path]) => path === '/api/fences').map(([, opts]) => opts?.query);
    expect(listed).toEqual([{ enabled: true, page: 1, size: 200, sort: 'id' }]);
    expect(localStorage.getItem('dispatch.mapFences')).toBe('1');
    first.view.unmount();

    // A new console starts with the layer on; an alert's fence is drawn once, highlighted.
    const { bus, get } = setup(1);
    await loaded(get);
    await waitFor(() => expect(drawn().ids).toEqual([7, 8]));
    act(() => bus.publish('ws/fence', wallAlert(40)));
    await userEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    await waitFor(() => expect(drawn()).toEqual({ ids: [8, 7], highlightId: 7 }));

    await userEvent.click(screen.getByRole('button', { name: 'Map layers' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Geofences' }));
    await waitFor(() => expect(drawn()).toEqual({ ids: [7], highlightId: 7 }));
    expect(localStorage.getItem('dispatch.mapFences')).toBeNull();
  });

  it('says it in Chinese too', async () => {
    const { bus, notices, get } = setup(1);
    await loaded(get);
    act(() => setLocale('zh'));
    act(() => bus.publish('ws/fence', wallAlert(50, { type: 'stay', fenceName: '禁区' })));
    expect(screen.getByRole('region', { name: '围栏告警' })).toHaveTextContent('围栏告警：Member One 进入了“禁区”');
    expect(screen.getByRole('button', { name: '在地图上显示' })).toBeInTheDocument();
    expect(notices.at(-1)?.key).toBe('dispatch:fences.alert.stay');
    act(() => setLocale('en'));
  });

  it('gives a member neither alerts nor the fence layer', async () => {
    const { bus, notices, get } = setup(0);
    await waitFor(() => expect(get).toHaveBeenCalled());
    act(() => bus.publish('ws/fence', wallAlert(60)));
    expect(notices.filter((n) => n.key?.includes('fences'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Fence alerts' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map layers' })).toBeNull();
    expect(overlay).not.toHaveBeenCalled();
  });
});
