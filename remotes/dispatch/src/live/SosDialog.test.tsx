import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, Session, SosMsg, SosRecord } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { createDispatchStore } from '../store';
import { NS } from '../core';
import { en, zh } from '../strings';
import { SosDialog } from './SosDialog';
import { FakeAudioContext } from './test/fakeAudio';
import { useSosAlerts } from './useSosAlerts';

const DISPATCHER: Session = { id: 2, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher One', role: 1 };
const START = '2025-01-01T08:00:00.000Z';

function msg(over: Partial<SosMsg> = {}): SosMsg {
  return { sosId: 11, uid: 5, account: 'member1', nickname: 'Member One', lng: 116.397, lat: 39.909, device: 'Handset A', startedAt: START, closedAt: null, dispatcherId: null, state: 'open', ...over };
}

function record(id: number, uid: number, nickname: string): SosRecord {
  return { id, user: { uid, account: `m${uid}`, nickname }, dispatcher: null, lng: null, lat: null, device: null, ip: null, startedAt: START, closedAt: null, state: 'open' };
}

function Harness({ api, bus, addPoint }: { api: ApiClient; bus: ReturnType<typeof createEventBus>; addPoint: jest.Mock }) {
  const siren = useSosAlerts(api, bus, DISPATCHER, addPoint);
  return <SosDialog api={api} bus={bus} siren={siren} />;
}

function setup(open: SosRecord[] = [], post: jest.Mock = jest.fn(() => Promise.resolve(record(11, 5, 'Member One')))) {
  Object.assign(globalThis, { AudioContext: FakeAudioContext });
  FakeAudioContext.instances = [];
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', DISPATCHER);
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const get = jest.fn(() => Promise.resolve({ items: open, total: open.length }));
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
});
