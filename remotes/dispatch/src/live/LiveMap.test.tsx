import { useEffect } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, LatestPosition, Session, SosRecord } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import type { MemberMarker, PositionPoint, fetchTrack } from '@ptt/map';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { NS, focusMember, openTrack, selectMember } from '../core';
import { createDispatchStore } from '../store';
import { en, zh } from '../strings';
import { LiveMap } from './LiveMap';

// The map package draws in a real browser (the e2e test); here its parts record what they are told.
const layers: FakeLayer[] = [];
class FakeLayer {
  members: MemberMarker[] = [];
  pushed: PositionPoint[][] = [];
  selected: number | null = null;
  constructor(readonly opts: { onSelect?: (uid: number) => void }) {
    layers.push(this);
  }
  addTo() {
    return this;
  }
  remove() {}
  setMembers(m: MemberMarker[]) {
    this.members = m;
  }
  pushPositions(p: PositionPoint[]) {
    this.pushed.push(p);
  }
  select(uid: number | null) {
    this.selected = uid;
  }
}
const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => ({ lat: p.lat, lng: p.lng }),
  leaflet: { panTo: jest.fn(), fitBounds: jest.fn(), getZoom: () => 12, on: jest.fn(), off: jest.fn() },
};
jest.mock('@ptt/map', () => ({
  DEFAULT_STALE_AFTER_MS: 300_000,
  STATUS_COLORS: { online: 'green', offline: 'grey', busy: 'red', away: 'amber', dnd: 'red', invisible: 'grey', unknown: 'grey' },
  FENCE_COLORS: { leave: 'green', stay: 'red' },
  useFenceOverlay: jest.fn(),
  MemberLayer: jest.fn((opts: { onSelect?: (uid: number) => void }) => new FakeLayer(opts)),
  MapView: ({ onReady, ariaLabel }: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={ariaLabel} />;
  },
  selectArea: jest.fn(),
  inArea: jest.fn(),
  fetchTrack: jest.requireActual<{ fetchTrack: typeof fetchTrack }>('@ptt/map').fetchTrack,
  // The dialog itself is @ptt/map's (tested there); here it shows whose track it was asked for.
  TrackDialog: ({ userId, name, onClose }: { userId: number | null; name?: string; onClose: () => void }) =>
    userId === null ? null : (
      <div role="dialog" aria-label={`Track of ${name ?? userId}`}>
        <button onClick={onClose}>Close</button>
      </div>
    ),
}));

const T = Date.UTC(2025, 0, 1, 8, 0, 0);
const session = (role: 0 | 1): Session => ({ id: 2, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher One', role });
const latest = (uid: number, name: string, lng: number): LatestPosition => ({
  uid, account: `a${uid}`, nickname: name, status: 'online', lng, lat: 39.9, coord: 0, time: new Date(T).toISOString(), speed: null, heading: null, accuracy: null, altitude: null,
});

function setup(role: 0 | 1, get: jest.Mock) {
  layers.length = 0;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', session(role));
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const api = { get, post: jest.fn(), put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const store = createDispatchStore();
  render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <LiveMap api={api} bus={bus} />
      </FluentProvider>
    </Provider>,
  );
  return { bus, store, notices };
}

// Only the paths the map reads; temporary channels answer empty.
function staffApi(list: LatestPosition[], openSos: SosRecord[] = []) {
  return jest.fn((path: string) => {
    if (path === '/api/locations/latest') return Promise.resolve(list);
    if (path === '/api/sos') return Promise.resolve({ items: openSos, total: openSos.length });
    return Promise.resolve([]);
  });
}

describe('live map', () => {
  it('draws the latest positions, then the live ones, and selects from the map and the list', async () => {
    const { bus, store } = setup(1, staffApi([latest(5, 'Member One', 116.39), latest(6, 'Member Two', 116.4)]));
    await waitFor(() => expect(layers[0]?.pushed.flat().map((p) => p.uid)).toEqual([5, 6]));
    await waitFor(() => expect(layers[0]!.members.map((m) => m.name)).toEqual(['Member One', 'Member Two']));
    const layer = layers[0]!;

    act(() => bus.publish('ws/dispatch', { kind: 'DeviceInfo', t: 'Location', data: { uid: 5, lng: 116.5, lat: 39.95, coord: 0, time: T + 5_000 }, topic: 'dispatch/100001' }));
    act(() => bus.publish('ws/dispatch', { kind: 'DeviceInfo', t: 'CommandStatus', data: { commandId: 3, deviceId: 1, command: 'stun', state: 'sent', at: 'x' }, topic: 'dispatch/100001' }));
    expect(layer.pushed.at(-1)).toEqual([{ uid: 5, lng: 116.5, lat: 39.95, time: T + 5_000 }]);
    expect(layer.pushed).toHaveLength(2);

    act(() => layer.opts.onSelect?.(6));
    expect(store.getState().console.selectedUserId).toBe(6);
    act(() => {
      store.dispatch(selectMember(5));
    });
    expect(layer.selected).toBe(5);

    act(() => {
      store.dispatch(focusMember(5));
    });
    expect(fakeMap.focus).toHaveBeenCalledWith({ uid: 5, lng: 116.5, lat: 39.95, time: T + 5_000 }, 16);

    await userEvent.click(screen.getByRole('button', { name: 'Fit all' }));
    expect(fakeMap.leaflet.fitBounds).toHaveBeenCalled();
  });

  it('lists the open SOS on the toolbar and shows them on demand; the legend explains the colours', async () => {
    const sos: SosRecord = { id: 3, user: { uid: 5, account: 'a5', nickname: 'Member One' }, dispatcher: null, lng: null, lat: null, device: null, ip: null, deviceId: null, startedAt: new Date(T).toISOString(), closedAt: null, state: 'open', ackedAt: null, ackedBy: null, escalatedAt: null, closeNote: null };
    setup(1, staffApi([], [sos]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'SOS: 1 open' }));
    const alert = await screen.findByRole('alertdialog', { name: 'SOS from Member One' });
    expect(alert).toHaveAttribute('data-sound', 'off');
    expect(alert).toHaveTextContent('Not reported');

    await userEvent.click(screen.getByRole('button', { name: 'Legend' }));
    expect(await screen.findByText('Do not disturb')).toBeInTheDocument();
    expect(screen.getByText('Hollow and faded: position older than 5 minutes')).toBeInTheDocument();
    expect(screen.getByText(/^Purple halo: talking now/)).toBeInTheDocument();
  });

  it('opens the track of the member the console asks for, named from the roster, and closes it', async () => {
    const { store } = setup(1, staffApi([latest(5, 'Member One', 116.39)]));
    await waitFor(() => expect(layers[0]?.members).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      store.dispatch(openTrack(5));
    });
    const dialog = screen.getByRole('dialog', { name: 'Track of Member One' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().console.trackUserId).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'no location' for a member without a position", async () => {
    const { store, notices } = setup(1, staffApi([latest(5, 'Member One', 116.39)]));
    await waitFor(() => expect(layers[0]?.pushed).toHaveLength(1));
    act(() => {
      store.dispatch(focusMember(9));
    });
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ key: 'dispatch:live.noLocationUnnamed' })));
  });

  it('shows a member only their own position, and explains why', async () => {
    const get = jest.fn((path: string) => {
      if (path === '/api/users/2/track') return Promise.reject(new ApiError(2012, 'rule.noTrack', 404, 'no track'));
      return Promise.resolve([]);
    });
    setup(0, get);
    expect(await screen.findByText(/Only dispatchers see everyone’s position, and your device/)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/api/locations/latest', expect.anything());
    expect(screen.queryByRole('button', { name: 'Temporary channel' })).toBeNull();
  });
});
