import { act, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SCREEN_LAYOUT, ServerCode, STORAGE_KEYS } from '@ptt/contracts';
import { createApiClient, createEventBus, createMemoryStorage } from '@ptt/event-bus';
import type { SocketBridge } from '@ptt/event-bus';
import { StandaloneApp, createKeyedSessionStore } from '@ptt/ui';
import type { PageServices } from '@ptt/ui';
import { PairingView } from './pairing/PairingView';
import type { PairingViewProps } from './pairing/PairingView';
import { DISPLAY_SESSION_KEY, standaloneScreen } from './StandaloneScreen';
import { ENT, summary } from './test/fakes';

jest.mock('@ptt/map', () => ({ MapView: () => <div />, MemberLayer: jest.fn() }));

const SESSION = { id: 3, ent: ENT, auth_token: 'display-token', client_id: 'display-3', account: 'display-3', nickname: 'Wall', role: 0 as const, kind: 'display' as const };

const envelope = (data: unknown, code = 0) => ({ ok: code === 0, status: code === 0 ? 200 : 401, headers: new Headers({ 'content-type': 'application/json' }), text: () => Promise.resolve(JSON.stringify({ code, msg: code ? 'refused' : 'ok', data })) }) as unknown as Response;

describe('the screen on a wall display', () => {
  it('pairs, keeps its credential under its own key, and returns to pairing when it is refused', async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.user, 'a console login');
    const server = { revoked: false, codes: 0 };
    const fetchImpl = jest.fn((url: string) => {
      if (url.endsWith('/api/screen/pairings')) return Promise.resolve(envelope({ code: `00000${++server.codes}`, secret: 'secret-0123456789abcdef', expiresAt: '2026-03-01T08:10:00.000Z' }));
      if (url.endsWith('/api/screen/pairings/claim')) return Promise.resolve(envelope({ status: 'paired', session: SESSION, layout: DEFAULT_SCREEN_LAYOUT }));
      if (server.revoked) return Promise.resolve(envelope(null, ServerCode.AuthorizationFailed));
      if (url.includes('/api/screen/summary')) return Promise.resolve(envelope(summary()));
      if (url.includes('/api/screen/members')) return Promise.resolve(envelope({ items: [] }));
      if (url.includes('/api/screen/me')) return Promise.resolve(envelope({ ent: ENT, display: { id: 3, name: 'Wall', layout: DEFAULT_SCREEN_LAYOUT } }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    const bus = createEventBus();
    const sessionStore = createKeyedSessionStore({ bus, key: DISPLAY_SESSION_KEY, storage });
    const api = createApiClient({ getToken: () => sessionStore.token(), fetchImpl });
    const bridge = { connect: jest.fn(), disconnect: jest.fn() } as unknown as SocketBridge;
    bus.publish('session', null);
    const services: PageServices = { bus, sessionStore, api, bridge, storage };
    const Pairing = (props: PairingViewProps) => <PairingView {...props} pollMs={10} />;
    const Screen = standaloneScreen(null);
    render(<StandaloneApp App={Screen} services={services} SignIn={Pairing} />);

    expect(await screen.findByTestId('screen-pairing-code')).toHaveTextContent('000001');
    await waitFor(() => expect(screen.getByTestId('screen-count-online')).toHaveTextContent('3'));
    expect(screen.getByTestId('screen-page')).toHaveAttribute('data-mode', 'display');
    expect(JSON.parse(storage.getItem(DISPLAY_SESSION_KEY)!)).toMatchObject({ kind: 'display', auth_token: 'display-token' });
    expect(storage.getItem(STORAGE_KEYS.user)).toBe('a console login');
    expect(bridge.connect).toHaveBeenCalled();

    // Revoked: the next screen request is refused (401/10000) -> a new pairing code, no retries.
    server.revoked = true;
    act(() => bus.publish('socket/status', { state: 'closed', failures: 1 }));
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    await waitFor(() => expect(screen.getByTestId('screen-pairing-code')).toHaveTextContent('000002'));
    expect(storage.getItem(DISPLAY_SESSION_KEY)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.user)).toBe('a console login');
    expect(bridge.disconnect).toHaveBeenCalled();
  });

  it('returns to pairing when the socket is closed with 4000 (session/expired)', async () => {
    const storage = createMemoryStorage();
    const bus = createEventBus();
    const sessionStore = createKeyedSessionStore({ bus, key: DISPLAY_SESSION_KEY, storage });
    sessionStore.save(SESSION);
    const fetchImpl = jest.fn((url: string) => {
      if (url.endsWith('/api/screen/pairings')) return Promise.resolve(envelope({ code: '424242', secret: 'secret-0123456789abcdef', expiresAt: '2026-03-01T08:10:00.000Z' }));
      if (url.endsWith('/api/screen/pairings/claim')) return Promise.resolve(envelope({ status: 'waiting', expiresAt: '2026-03-01T08:10:00.000Z' }));
      if (url.includes('/api/screen/summary')) return Promise.resolve(envelope(summary()));
      if (url.includes('/api/screen/members')) return Promise.resolve(envelope({ items: [] }));
      return Promise.resolve(envelope({ ent: ENT, display: { id: 3, name: 'Wall', layout: DEFAULT_SCREEN_LAYOUT } }));
    });
    const api = createApiClient({ getToken: () => sessionStore.token(), fetchImpl });
    const bridge = { connect: jest.fn(), disconnect: jest.fn() } as unknown as SocketBridge;
    render(<StandaloneApp App={standaloneScreen(null)} services={{ bus, sessionStore, api, bridge, storage }} SignIn={PairingView} />);
    await waitFor(() => expect(screen.getByTestId('screen-count-online')).toHaveTextContent('3'));
    act(() => bus.publish('session/expired', { code: ServerCode.AuthorizationFailed }));
    expect(await screen.findByTestId('screen-pairing-code')).toHaveTextContent('424242');
    expect(storage.getItem(DISPLAY_SESSION_KEY)).toBeNull();
  });
});
