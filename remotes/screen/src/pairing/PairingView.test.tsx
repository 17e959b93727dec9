import { FluentProvider } from '@fluentui/react-components';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SCREEN_LAYOUT, ServerCode } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';
import { CLAIM_PATH, PAIRINGS_PATH, PairingView } from './PairingView';

const SESSION = { id: 3, ent: { id: 100001, name: 'Demo' }, auth_token: 'display-token', client_id: 'display-3', account: 'display-3', nickname: 'Wall', role: 0, kind: 'display' as const };

type Answer = (path: string, body: unknown) => Promise<unknown>;

function setup(answer: Answer) {
  const post = jest.fn((path: string, body?: unknown) => answer(path, body));
  const api = { post } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  const onSignedIn = jest.fn();
  render(
    <FluentProvider theme={pttTheme}>
      <PairingView api={api} bus={bus} onSignedIn={onSignedIn} loginForm={<form aria-label="Login form" />} pollMs={20} retryMs={20} busyRetryMs={20} />
    </FluentProvider>,
  );
  return { post, onSignedIn };
}

const code = () => screen.queryByTestId('screen-pairing-code');
const start = (n: number) => Promise.resolve({ code: `12345${n}`, secret: `secret-${n}-0123456789abcdef`, expiresAt: '2026-03-01T08:10:00.000Z' });

describe('pairing view', () => {
  it('shows the code with how to pair it, asks until paired, then hands over the display session', async () => {
    let claims = 0;
    const { post, onSignedIn } = setup((path) => {
      if (path === PAIRINGS_PATH) return start(1);
      claims += 1;
      return Promise.resolve(claims < 3 ? { status: 'waiting', expiresAt: '2026-03-01T08:10:00.000Z' } : { status: 'paired', session: SESSION, layout: DEFAULT_SCREEN_LAYOUT });
    });
    await waitFor(() => expect(code()).toHaveTextContent(/^123451$/));
    expect(screen.getByText('In the console, open Screen > Displays > Pair a display and enter this code.')).toBeInTheDocument();
    expect(screen.getByText(/The code is valid until/)).toBeInTheDocument();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SESSION));
    expect(post).toHaveBeenCalledWith(CLAIM_PATH, { secret: 'secret-1-0123456789abcdef' }, expect.anything());
    expect(claims).toBe(3);
    expect(code()).toBeNull();
  });

  it('gets a new code when the old one expired', async () => {
    let starts = 0;
    setup((path) => {
      if (path === PAIRINGS_PATH) return start(++starts);
      return Promise.resolve(starts === 1 ? { status: 'expired' } : { status: 'waiting', expiresAt: '2026-03-01T08:10:00.000Z' });
    });
    await waitFor(() => expect(code()).toHaveTextContent('123452'));
  });

  it('tries again when no code could be had (server down, too many waiting)', async () => {
    let starts = 0;
    setup((path) => {
      if (path !== PAIRINGS_PATH) return Promise.resolve({ status: 'waiting', expiresAt: '2026-03-01T08:10:00.000Z' });
      starts += 1;
      if (starts === 1) return Promise.reject(new ApiError(ServerCode.NotFound, 'rule.pairingBusy', 429, 'busy'));
      return start(starts);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many displays are waiting');
    await waitFor(() => expect(code()).toHaveTextContent('123452'));
  });

  it('offers the login form instead, and back', async () => {
    setup((path) => (path === PAIRINGS_PATH ? start(1) : Promise.resolve({ status: 'waiting', expiresAt: '2026-03-01T08:10:00.000Z' })));
    await waitFor(() => expect(code()).not.toBeNull());
    await userEvent.click(screen.getByText('Sign in with an account instead'));
    expect(screen.getByRole('form', { name: 'Login form' })).toBeInTheDocument();
    expect(code()).toBeNull();
    await userEvent.click(screen.getByText('Pair this display instead'));
    await waitFor(() => expect(code()).not.toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 0)));
  });
});
