import { act, render, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@ptt/ui';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, Session, SosMsg, SosRecord } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { createDispatchStore } from '../store';
import { NS, openSos } from '../core';
import { en, zh } from '../strings';
import { SosDialog } from './SosDialog';
import { FakeAudioContext } from './test/fakeAudio';
import { useSosAlerts } from './useSosAlerts';

const DISPATCHER: Session = { id: 2, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher One', role: 1 };
const START = '2025-01-01T08:00:00.000Z';

function msg(over: Partial<SosMsg> = {}): SosMsg {
  return {
    sosId: 11, uid: 5, account: 'member1', nickname: 'Member One', lng: 116.397, lat: 39.909, device: 'Handset A', deviceId: null, startedAt: START,
    closedAt: null, dispatcherId: null, state: 'open', ackedAt: null, ackedBy: null, escalatedAt: null, ...over,
  };
}

function record(id: number, uid: number, nickname: string, over: Partial<SosRecord> = {}): SosRecord {
  return {
    id, user: { uid, account: `m${uid}`, nickname }, dispatcher: null, lng: null, lat: null, device: null, deviceId: null, ip: null, startedAt: START,
    closedAt: null, state: 'open', ackedAt: null, ackedBy: null, escalatedAt: null, closeNote: null, ...over,
  };
}

function Harness({ api, bus, addPoint }: { api: ApiClient; bus: ReturnType<typeof createEventBus>; addPoint: jest.Mock }) {
  const siren = useSosAlerts(api, bus, DISPATCHER, addPoint);
  return <SosDialog api={api} bus={bus} siren={siren} />;
}

function setup(open: SosRecord[] = [], post: jest.Mock = jest.fn(() => Promise.resolve(record(11, 5, 'Member One'))), one: (id: number) => SosRecord = (id) => record(id, 5, 'Member One')) {
  Object.assign(globalThis, { AudioContext: FakeAudioContext });
  FakeAudioContext.instances = [];
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', DISPATCHER);
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const get = jest.fn((path: string) => {
    const single = /^\/api\/sos\/(\d+)$/.exec(path);
    return Promise.resolve(single ? one(Number(single[1])) : { items: open, total: open.length });
  });
  const api = { get, post, put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const store = createDispatchStore();
  const addPoint = jest.fn();
  render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <Harness api={api} bus={bus} addPoint={addPoint} />
      </FluentProvider>
    </Provider>,
  );
  const raise = (m: SosMsg) => act(() => bus.publish('ws/ent', { kind: 'SosMsg', data: m, topic: 'msg/listen/ent/100001' }));
  return { bus, get, post, store, notices, addPoint, raise };
}

describe('SOS in the console', () => {
  it('lists the open SOS on load without sounding, then pops up, sounds and focuses on a raise', async () => {
    const { get, store, raise, addPoint } = setup([record(3, 9, 'Earlier')]);
    await waitFor(() => expect(store.getState().live.sos).toHaveLength(1));
    const [path, options] = get.mock.calls[0] as unknown as [string, { query: Record<string, unknown> }];
    expect(path).toBe('/api/sos');
    expect(options.query).toMatchObject({ state: 'open' });
    expect(screen.queryByRole('alertdialog')).toBeNull();

    raise(msg());
    const dialog = await screen.findByRole('alertdialog', { name: 'SOS from Member One' });
    expect(within(dialog).getByText('Member One (member1)')).toBeInTheDocument();
    expect(within(dialog).getByText('39.909000, 116.397000')).toBeInTheDocument();
    expect(within(dialog).getByText('Handset A')).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    expect(FakeAudioContext.instances[0]!.sounding()).toBeDefined();
    expect(store.getState().console.focus).toEqual({ uid: 5, seq: 1 });
    expect(store.getState().console.selectedUserId).toBe(5);
    expect(addPoint).toHaveBeenCalledWith({ uid: 5, lng: 116.397, lat: 39.909, time: Date.parse(START) });
  });

  it('closes the SOS on the server, which takes it away and stops the alarm', async () => {
    const { post, notices, raise } = setup();
    raise(msg());
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close SOS' }));
    expect(post).toHaveBeenCalledWith('/api/sos/11/close', undefined, expect.anything());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(FakeAudioContext.instances[0]!.sounding()).toBeUndefined();
    expect(notices).toContainEqual({ intent: 'success', key: 'dispatch:live.sos.closed', values: { name: 'Member One' } });
  });

  it('removes an SOS another dispatcher closed, and one already closed when we try', async () => {
    const post = jest.fn(() => Promise.reject(new ApiError(2028, 'rule.sosAlreadyClosed', 409, 'closed')));
    const { raise, notices, store } = setup([], post);
    raise(msg({ sosId: 11, uid: 5 }));
    raise(msg({ sosId: 12, uid: 6, nickname: 'Member Two', account: 'member2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'SOS from Member Two' });
    raise(msg({ sosId: 12, uid: 6, state: 'closed', closedAt: START, dispatcherId: 3 }));
    await screen.findByRole('alertdialog', { name: 'SOS from Member One' });
    expect(within(dialog).queryByText(/of 2/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Close SOS' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(store.getState().live.sos).toEqual([]);
    expect(notices).toContainEqual({ intent: 'error', key: 'rule.sosAlreadyClosed' });
  });

  it('mutes the alarm; hiding keeps the SOS open but silent; locate and call ask the console', async () => {
    const { raise, store } = setup();
    raise(msg());
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'off'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Locate' }));
    expect(store.getState().console.focus?.seq).toBe(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Call' }));
    expect(store.getState().console.callRequest).toEqual({ uid: 5, seq: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Message' }));
    expect(store.getState().console.openChat).toMatchObject({ chatId: '100001-0-2-5', kind: 'personal', peerId: 5 });

    // A raise again sounds again, even after muting.
    raise(msg({ lng: 116.4, lat: 39.91 }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(store.getState().live.sos).toHaveLength(1);
    expect(FakeAudioContext.instances[0]!.sounding()).toBeUndefined();
  });

  const ME = { id: DISPATCHER.id, nickname: 'Dispatcher One' };
  const OTHER = { id: 8, nickname: 'Dispatcher Two' };
  const acked = (by = ME) => record(11, 5, 'Member One', { ackedAt: '2025-01-01T08:00:20.000Z', ackedBy: by });
  /** The frequencies the siren's oscillator was last scheduled with (level 1: 960/770, 2: 1280/1020). */
  const tones = () => new Set(FakeAudioContext.instances[0]!.oscillators.at(-1)!.frequency.events.slice(-4).map(([hz]) => hz));

  it('acknowledges: the alarm stops, the SOS stays open with who took it, Close still there', async () => {
    const post = jest.fn((path: string) => Promise.resolve(path.endsWith('/ack') ? acked() : record(11, 5, 'Member One')));
    const { raise, store } = setup([], post);
    raise(msg());
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    expect(within(dialog).getByTestId('live-sos-handling')).toHaveTextContent('Waiting for a dispatcher');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(post).toHaveBeenCalledWith('/api/sos/11/ack', undefined, expect.anything());
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'off'));
    expect(within(dialog).getByText('Acknowledged by Dispatcher One')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-acked', 'true');
    expect(within(dialog).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close SOS' })).toBeInTheDocument();
    expect(store.getState().live.sos).toHaveLength(1);
    expect(FakeAudioContext.instances[0]!.sounding()).toBeUndefined();
  });

  it("hears another dispatcher's acknowledgement; a later move of that SOS does not sound again", async () => {
    const { raise } = setup();
    raise(msg());
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    raise(msg({ ackedAt: '2025-01-01T08:00:20.000Z', ackedBy: OTHER }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'off'));
    expect(within(dialog).getByText('Acknowledged by Dispatcher Two')).toBeInTheDocument();
    raise(msg({ lng: 116.4, lat: 39.91, ackedAt: '2025-01-01T08:00:20.000Z', ackedBy: OTHER }));
    await new Promise((r) => setTimeout(r, 20));
    expect(dialog).toHaveAttribute('data-sound', 'off');
    expect(within(dialog).getByText('39.910000, 116.400000')).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(await within(dialog).findByText('已由 Dispatcher Two 确认')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '确认' })).toBeNull();
    act(() => setLocale('en'));
  });

  it('an escalation sounds at the second level, even after the alert was hidden, until acknowledged', async () => {
    const post = jest.fn(() => Promise.resolve(acked()));
    const { raise } = setup([], post);
    raise(msg());
    let dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    expect(tones()).toEqual(new Set([960, 770]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    raise(msg({ escalatedAt: '2025-01-01T08:01:00.000Z' }));
    dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'playing'));
    expect(tones()).toEqual(new Set([1280, 1020]));
    expect(within(dialog).getByTestId('live-sos-handling')).toHaveTextContent('Escalated: nobody acknowledged it in time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-sound', 'off'));
    expect(within(dialog).getByText('Acknowledged by Dispatcher One')).toBeInTheDocument();
  });

  it('an SOS loaded acknowledged is listed without an Acknowledge button; a closed one taken away on ack', async () => {
    const post = jest.fn(() => Promise.reject(new ApiError(2028, 'rule.sosAlreadyClosed', 409, 'closed')));
    const { store, notices } = setup([record(3, 9, 'Earlier', { ackedAt: START, ackedBy: OTHER }), record(4, 10, 'Later')], post);
    await waitFor(() => expect(store.getState().live.sos).toHaveLength(2));
    act(() => void store.dispatch(openSos(3)));
    const dialog = await screen.findByRole('alertdialog', { name: 'SOS from Earlier' });
    expect(dialog).toHaveAttribute('data-sound', 'off');
    expect(within(dialog).getByText('Acknowledged by Dispatcher Two')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next SOS' }));
    const later = await screen.findByRole('alertdialog', { name: 'SOS from Later' });
    await userEvent.click(within(later).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(store.getState().live.sos.map((e) => e.sosId)).toEqual([3]));
    expect(notices).toContainEqual({ intent: 'error', key: 'rule.sosAlreadyClosed' });
  });

  it('opens an SOS asked for that is not listed: an open one from the server, a closed one says so', async () => {
    const closed = record(21, 6, 'Member Two', { state: 'closed', closedAt: '2025-01-01T09:00:00.000Z', dispatcher: OTHER });
    const { store, get, notices } = setup([], undefined, (id) => (id === 21 ? closed : record(id, 5, 'Member One')));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/sos', expect.anything()));
    act(() => void store.dispatch(openSos(22)));
    const dialog = await screen.findByRole('alertdialog', { name: 'SOS from Member One' });
    expect(dialog).toHaveAttribute('data-sos-id', '22');
    expect(dialog).toHaveAttribute('data-sound', 'off');
    expect(get).toHaveBeenCalledWith('/api/sos/22', expect.anything());
    expect(store.getState().console.focus?.uid).toBe(5);

    act(() => void store.dispatch(openSos(21)));
    await waitFor(() => expect(notices.some((n) => n.key === 'dispatch:live.sos.wasClosedBy')).toBe(true));
    const notice = notices.find((n) => n.key === 'dispatch:live.sos.wasClosedBy')!;
    expect(notice.values).toMatchObject({ name: 'Dispatcher Two' });
    expect(store.getState().live.sos.map((e) => e.sosId)).toEqual([22]);
  });
});
