import { act, render, screen } from '@testing-library/react';
import { EMBED_MESSAGES, STORAGE_KEYS, ServerCode } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import { ApiError, createApiClient, createEventBus, createMemoryStorage, createSessionStore } from '@ptt/event-bus';
import type { SocketBridge } from '@ptt/event-bus';
import { getEmbedder, postToEmbedder, setEmbedder } from './embedder';
import { embedSessionWith, isEmbedded, startEmbedHandoff } from './embedHandoff';
import { StandaloneApp } from './StandaloneApp';
import type { PageServices } from './createStandaloneServices';

const SESSION: Session = {
  id: 7,
  ent: { id: 100001, name: 'Demo' },
  auth_token: 'session-token',
  client_id: 'web-1',
  account: 'dispatcher1',
  nickname: 'Dispatcher One',
  role: 1,
};
const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';
const refused = () => new ApiError(ServerCode.InsufficientPermissions, 'rule.embedOriginNotAllowed', 403, 'not allowed', { reason: 'rule.embedOriginNotAllowed' });

/** A window stand-in: the message listener the hand-off adds, and what was posted to it. */
function fakeWindow() {
  let listener: ((e: MessageEvent) => void) | null = null;
  return {
    posted: [] as [unknown, unknown][],
    postMessage(data: unknown, target: unknown) {
      this.posted.push([data, target]);
    },
    addEventListener: (_type: string, fn: (e: MessageEvent) => void) => void (listener = fn),
    removeEventListener: () => void (listener = null),
    /** A message as the browser delivers it: the origin is the sender's, set by the browser. */
    receive(data: unknown, origin: string, source: unknown) {
      listener?.({ data, origin, source } as unknown as MessageEvent);
    },
    get listening() {
      return listener !== null;
    },
  };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

afterEach(() => setEmbedder(null));

describe('embed hand-off', () => {
  function start(exchange: (token: string, origin: string) => Promise<Session>) {
    const self = fakeWindow();
    const parent = fakeWindow();
    const onSession = jest.fn();
    const log = { debug: jest.fn() };
    const handoff = startEmbedHandoff({ self, parent, exchange, onSession, log });
    return { self, parent, onSession, log, handoff };
  }

  it('reads embed=1 from the query', () => {
    expect(isEmbedded('?embed=1&ent=100001')).toBe(true);
    expect(isEmbedded('?embed=0')).toBe(false);
    expect(isEmbedded('')).toBe(false);
  });

  it('says ready to the parent, then takes a token from an allowed origin and answers that origin only', async () => {
    const exchange = jest.fn(() => Promise.resolve(SESSION));
    const { self, parent, onSession } = start(exchange);
    expect(parent.posted).toEqual([[{ type: EMBED_MESSAGES.ready }, '*']]);

    const partner = fakeWindow();
    self.receive({ type: EMBED_MESSAGES.token, token: 'handed-token' }, PARTNER, partner);
    await settle();
    expect(exchange).toHaveBeenCalledWith('handed-token', PARTNER);
    expect(onSession).toHaveBeenCalledWith(SESSION);
    expect(partner.posted).toEqual([[{ type: EMBED_MESSAGES.accepted }, PARTNER]]);
    expect(getEmbedder()?.origin).toBe(PARTNER);

    // The page's later messages go to that origin, never '*'.
    expect(postToEmbedder({ type: EMBED_MESSAGES.waiting, waiting: 2 })).toBe(true);
    expect(partner.posted[1]).toEqual([{ type: EMBED_MESSAGES.waiting, waiting: 2 }, PARTNER]);
  });

  it('ignores a token from an origin the server refuses', async () => {
    const exchange = jest.fn(() => Promise.reject(refused()));
    const { self, onSession, log } = start(exchange);
    const stranger = fakeWindow();
    self.receive({ type: EMBED_MESSAGES.token, token: 'stolen-token' }, STRANGER, stranger);
    await settle();
    expect(exchange).toHaveBeenCalledWith('stolen-token', STRANGER);
    expect(onSession).not.toHaveBeenCalled();
    expect(stranger.posted).toEqual([]);
    expect(getEmbedder()).toBeNull();
    expect(postToEmbedder({ type: EMBED_MESSAGES.waiting, waiting: 1 })).toBe(false);
    expect(log.debug).toHaveBeenCalled();
  });

  it('ignores messages of other types and tokens that are not text', async () => {
    const exchange = jest.fn(() => Promise.resolve(SESSION));
    const { self } = start(exchange);
    for (const data of [{ type: 'other', token: 'x' }, { type: EMBED_MESSAGES.token }, { type: EMBED_MESSAGES.token, token: 5 }, { type: EMBED_MESSAGES.token, token: '' }, 'ptt-sos/token', null]) {
      self.receive(data, PARTNER, fakeWindow());
    }
    await settle();
    expect(exchange).not.toHaveBeenCalled();
  });

  it('stops listening when stopped, and a late answer does nothing', async () => {
    let answer: (s: Session) => void = () => undefined;
    const { self, onSession, handoff } = start(() => new Promise((r) => (answer = r)));
    self.receive({ type: EMBED_MESSAGES.token, token: 't' }, PARTNER, fakeWindow());
    handoff.stop();
    answer(SESSION);
    await settle();
    expect(onSession).not.toHaveBeenCalled();
    expect(self.listening).toBe(false);
  });

  it('exchanges the token as bearer with the origin in the body', async () => {
    const answer = { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: () => Promise.resolve(JSON.stringify({ code: 0, msg: 'ok', data: SESSION })) };
    const fetchImpl = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve(answer as unknown as Response));
    await expect(embedSessionWith(fetchImpl)('handed-token', PARTNER)).resolves.toEqual(SESSION);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/auth/embed');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer handed-token');
    expect(JSON.parse(init?.body as string)).toEqual({ origin: PARTNER });
  });
});

describe('StandaloneApp embedded', () => {
  function services(): PageServices {
    const bus = createEventBus();
    const storage = createMemoryStorage();
    const sessionStore = createSessionStore({ bus, storage });
    const bridge = { connect: jest.fn(), disconnect: jest.fn() } as unknown as SocketBridge;
    const api = createApiClient({ getToken: () => sessionStore.token(), fetchImpl: () => Promise.reject(new Error('offline')) });
    bus.publish('session', null);
    return { bus, sessionStore, api, bridge, embedded: true, storage };
  }

  it('waits for the site instead of a login form, then opens the remote with a session kept in memory', async () => {
    localStorage.clear();
    const page = services();
    const exchange = jest.fn((token: string) => (token === 'good' ? Promise.resolve(SESSION) : Promise.reject(refused())));
    const post = jest.spyOn(window, 'postMessage');
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    render(<StandaloneApp App={() => <h1>Inside</h1>} services={page} embedExchange={exchange} />);
    expect(screen.getByText('Waiting for the embedding site…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    // Not framed in jsdom: the parent is the window itself.
    expect(post).toHaveBeenCalledWith({ type: EMBED_MESSAGES.ready }, '*');

    act(() => void window.dispatchEvent(new MessageEvent('message', { data: { type: EMBED_MESSAGES.token, token: 'bad' }, origin: STRANGER, source: window })));
    await settle();
    expect(screen.getByText('Waiting for the embedding site…')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new MessageEvent('message', { data: { type: EMBED_MESSAGES.token, token: 'good' }, origin: PARTNER, source: window })));
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
    expect(page.sessionStore.token()).toBe('session-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(page.bridge.connect).toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith({ type: EMBED_MESSAGES.accepted }, PARTNER);

    // The session ends: the page waits again and asks the site for a new token.
    post.mockClear();
    act(() => page.sessionStore.clear());
    expect(await screen.findByText('Waiting for the embedding site…')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith({ type: EMBED_MESSAGES.ready }, '*');
    expect(getEmbedder()).toBeNull();
    post.mockRestore();
    debug.mockRestore();
  });

  it('not embedded: the login form, and nothing said to a parent', () => {
    const page = { ...services(), embedded: false };
    const post = jest.spyOn(window, 'postMessage');
    render(<StandaloneApp App={() => <h1>Inside</h1>} services={page} />);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the embedding site…')).toBeNull();
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });
});
