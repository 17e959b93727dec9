import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import { createApiClient, createEventBus, createMemoryStorage } from '@ptt/event-bus';
import type { SocketBridge } from '@ptt/event-bus';
import { createKeyedSessionStore } from './keyedSessionStore';
import { StandaloneApp } from './StandaloneApp';
import type { StandaloneSignInProps } from './StandaloneApp';
import type { PageServices } from './createStandaloneServices';

const DISPLAY = { id: 3, ent: { id: 100001, name: 'Demo' }, auth_token: 'display-token', client_id: 'display-3', account: 'display-3', nickname: 'Wall', role: 0, kind: 'display' } as Session;

describe('keyed session store', () => {
  it('keeps the whole session (its kind too) under its own key and never the console keys', () => {
    const bus = createEventBus();
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.user, 'console user');
    storage.setItem(STORAGE_KEYS.token, 'console token');
    const store = createKeyedSessionStore({ bus, key: 'ptt.display', storage });
    expect(store.load()).toBeNull();
    expect(store.token()).toBeNull();
    store.save(DISPLAY);
    expect(JSON.parse(storage.getItem('ptt.display')!)).toMatchObject({ kind: 'display', auth_token: 'display-token' });
    expect(store.token()).toBe('display-token');
    expect(store.load()?.id).toBe(3);
    expect(bus.current('session')?.id).toBe(3);
    store.clear();
    expect(storage.getItem('ptt.display')).toBeNull();
    expect(bus.current('session')).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.user)).toBe('console user');
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('console token');
  });

  it('clears a corrupt stored value', () => {
    const storage = createMemoryStorage();
    storage.setItem('ptt.display', '{"id":');
    const store = createKeyedSessionStore({ bus: createEventBus(), key: 'ptt.display', storage });
    expect(store.token()).toBeNull();
    expect(store.load()).toBeNull();
    expect(storage.getItem('ptt.display')).toBeNull();
  });
});

describe('StandaloneApp with a sign-in of its own', () => {
  function services(): PageServices {
    const bus = createEventBus();
    const storage = createMemoryStorage();
    const sessionStore = createKeyedSessionStore({ bus, key: 'ptt.display', storage });
    const bridge = { connect: jest.fn(), disconnect: jest.fn() } as unknown as SocketBridge;
    const api = createApiClient({ getToken: () => sessionStore.token(), fetchImpl: () => Promise.reject(new Error('offline')) });
    bus.publish('session', null);
    return { bus, sessionStore, api, bridge, storage };
  }

  function Pairing({ onSignedIn, loginForm }: StandaloneSignInProps) {
    return (
      <div>
        <button onClick={() => onSignedIn(DISPLAY)}>Paired</button>
        <div data-testid="login">{loginForm}</div>
      </div>
    );
  }

  it('shows the sign-in, opens the remote once signed in, and returns to it when the session is refused', async () => {
    const page = services();
    render(<StandaloneApp App={() => <h1>Inside</h1>} services={page} SignIn={Pairing} />);
    expect(screen.getByRole('button', { name: 'Paired' })).toBeInTheDocument();
    // The login form is handed over for the sign-in to offer.
    expect(screen.getByTestId('login')).toContainElement(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Paired' }));
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
    expect(page.bridge.connect).toHaveBeenCalled();

    act(() => page.bus.publish('session/expired', { code: 10000 }));
    expect(await screen.findByRole('button', { name: 'Paired' })).toBeInTheDocument();
    expect(page.sessionStore.token()).toBeNull();
    expect(page.bridge.disconnect).toHaveBeenCalled();
  });
});
