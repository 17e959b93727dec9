import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { CONSOLE_CHANNEL, consoleUrl } from '@ptt/contracts';
import type { ConsoleRequest } from '@ptt/contracts';
import { device, fakeApi, renderConsole, session, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { ConsoleLink, actionFromQuery } from './ConsoleLink';
import { ConsoleSync } from './ConsoleSync';

/** BroadcastChannel as browsers have it (jsdom has none): a message reaches every other open
 *  channel of the same name, later, never its sender. */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((e: MessageEvent<unknown>) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.open) {
      if (other !== this && other.name === this.name) setTimeout(() => other.onmessage?.({ data } as MessageEvent<unknown>), 0);
    }
  }
  close() {
    FakeChannel.open = FakeChannel.open.filter((c) => c !== this);
  }
}

/** The SOS page's end of the channel: what it heard. */
function sosPage() {
  const page = new FakeChannel(CONSOLE_CHANNEL);
  const heard: unknown[] = [];
  page.onmessage = (e) => heard.push(e.data);
  const ask = (request: Omit<ConsoleRequest, 'type'>) => act(() => page.postMessage({ type: 'console/request', ...request }));
  return { page, heard, ask };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function setup(url = '/main/dispatch', routes: Record<string, Handler> = {}, who: ReturnType<typeof session> | null = session()) {
  const api = fakeApi({
    ...startRoutes({ devices: [device(1, 5, { user: { uid: 5, account: 'acc5', nickname: 'Member Five' } })] }),
    'GET /api/users/6': () => ({ id: 6, account: 'acc6', nickname: 'Member Six', role: 0, locked: false, avatar: null, dispatcherId: null, dispatcherNickname: null, channelRemark: null, tags: [], createdAt: '2026-01-01T00:00:00.000Z' }),
    ...routes,
  });
  const rendered = renderConsole(
    <MemoryRouter initialEntries={[url]}>
      <ConsoleSync />
      <ConsoleLink />
      <Where />
    </MemoryRouter>,
    api,
    who,
  );
  return { ...rendered, api };
}

const original = { hasFocus: document.hasFocus.bind(document), visibility: Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState') };
function windowState(focused: boolean, visible: boolean) {
  document.hasFocus = () => focused;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
}

let focus: jest.SpyInstance;
beforeEach(() => {
  // jsdom does not implement it.
  focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
  FakeChannel.open = [];
  Object.assign(globalThis, { BroadcastChannel: FakeChannel });
  windowState(true, true);
});
afterEach(() => {
  focus.mockRestore();
  document.hasFocus = original.hasFocus;
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
});

describe('console link (the SOS page hands over calls, chats and SOS)', () => {
  it('takes a call, a chat and an SOS asked over the channel, answering each', async () => {
    const { store } = setup();
    const { heard, ask } = sosPage();
    await waitFor(() => expect(store.getState().devices.status).toBe('ready'));

    ask({ requestId: 'r1', action: 'call', uid: 5 });
    await waitFor(() => expect(heard).toContainEqual({ type: 'console/taken', requestId: 'r1' }));
    expect(store.getState().console.callRequest).toEqual({ uid: 5, seq: 1 });

    ask({ requestId: 'r2', action: 'chat', uid: 5 });
    await waitFor(() => expect(store.getState().console.openChat).toEqual({ chatId: '100001-0-3-5', kind: 'personal', title: 'Member Five', channelId: null, peerId: 5 }));
    // A member the console does not know yet: named by the server.
    ask({ requestId: 'r3', action: 'chat', uid: 6 });
    await waitFor(() => expect(store.getState().console.openChat).toMatchObject({ chatId: '100001-0-3-6', title: 'Member Six', peerId: 6 }));

    ask({ requestId: 'r4', action: 'sos', uid: 5, sosId: 77 });
    await waitFor(() => expect(store.getState().console.sosRequest).toEqual({ sosId: 77, seq: 1 }));
    expect(heard).toEqual(['r1', 'r2', 'r3', 'r4'].map((requestId) => ({ type: 'console/taken', requestId })));
    expect(focus).toHaveBeenCalledTimes(4);
  });

  it('stands back when another console took the request first, and ignores what is not a request', async () => {
    windowState(false, false);
    const { store } = setup();
    await waitFor(() => expect(store.getState().devices.status).toBe('ready'));
    // A focused console elsewhere answers at once.
    const other = new FakeChannel(CONSOLE_CHANNEL);
    other.onmessage = (e) => {
      const r = e.data as ConsoleRequest;
      if (r.type === 'console/request' && r.requestId === 'r1') other.postMessage({ type: 'console/taken', requestId: r.requestId });
    };
    const { heard, ask, page } = sosPage();
    ask({ requestId: 'r1', action: 'call', uid: 5 });
    act(() => page.postMessage({ type: 'console/request', requestId: 'bad', action: 'dance', uid: 5 }));
    act(() => page.postMessage('call 5'));
    await new Promise((r) => setTimeout(r, 400));
    expect(heard).toEqual([{ type: 'console/taken', requestId: 'r1' }]);
    expect(store.getState().console.callRequest).toBeNull();

    // With nobody else answering, a hidden console takes it after a while.
    other.close();
    ask({ requestId: 'r2', action: 'call', uid: 5 });
    await waitFor(() => expect(store.getState().console.callRequest).toEqual({ uid: 5, seq: 1 }));
    expect(heard).toContainEqual({ type: 'console/taken', requestId: 'r2' });
  });

  it('does the action in the URL once the console has loaded, and takes it out of the URL', async () => {
    // Signed in a moment later: nothing is loaded until then.
    const { store, bus } = setup(`${consoleUrl('chat', 5)}&tab=2`, {}, null);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/main\/dispatch\?tab=2$/));
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().console.openChat).toBeNull();
    act(() => bus.publish('session', session()));
    await waitFor(() => expect(store.getState().console.openChat).toMatchObject({ peerId: 5, title: 'Member Five' }));
  });

  it('reads each action from the URL the SOS page builds', () => {
    const read = (url: string) => actionFromQuery(new URL(url, 'http://x').searchParams);
    expect(read(consoleUrl('call', 12))).toEqual({ action: 'call', uid: 12 });
    expect(read(consoleUrl('chat', 12))).toEqual({ action: 'chat', uid: 12 });
    expect(read(consoleUrl('sos', 12, 40))).toEqual({ action: 'sos', uid: 0, sosId: 40 });
    expect(read('/main/dispatch?call=abc')).toBeNull();
    expect(read('/main/dispatch')).toBeNull();
  });

  it('a session with an SOS in the URL shows it', async () => {
    const { store } = setup(consoleUrl('sos', 5, 41));
    await waitFor(() => expect(store.getState().console.sosRequest).toEqual({ sosId: 41, seq: 1 }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/main\/dispatch$/);
  });
});
