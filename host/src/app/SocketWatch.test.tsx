import { act, screen, waitFor } from '@testing-library/react';
import type { SocketStatus } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';

const TOAST = { selector: '.fui-ToastTitle' };
const DROPPED = 'WebSocket disconnected';
const status = () => screen.getByTestId('connection-status');

beforeEach(() => localStorage.clear());
afterEach(() => setLocale('en'));

function setup() {
  const utils = renderHost('/main/dispatch', { session: SESSION });
  const publish = (s: SocketStatus) => act(() => utils.bus.publish('socket/status', s));
  // The health answer for the clock check: the server's clock agrees with ours.
  utils.get.mockImplementation(() => Promise.resolve({ status: 'ok', db: 'pglite', time: Date.now() }));
  return { ...utils, publish };
}

describe('socket life in the shell', () => {
  it('shows the state in the header: connected, reconnecting with its attempt, disconnected', () => {
    const { publish } = setup();
    publish({ state: 'open', failures: 0 });
    expect(status()).toHaveTextContent('Connected');
    publish({ state: 'closed', failures: 2 });
    expect(status()).toHaveTextContent('Disconnected, reconnecting (attempt 2)');
    expect(status()).toHaveAttribute('data-state', 'reconnecting');
    publish({ state: 'idle', failures: 0 });
    expect(status()).toHaveTextContent('Disconnected');
    act(() => setLocale('zh'));
    publish({ state: 'connecting', failures: 3 });
    expect(status()).toHaveTextContent('已断开，正在重连（第 3 次）');
  });

  it("says 'WebSocket disconnected' once per outage and that the connection is back", async () => {
    const { publish } = setup();
    publish({ state: 'open', failures: 0 });
    publish({ state: 'closed', failures: 1 });
    publish({ state: 'connecting', failures: 1 });
    publish({ state: 'closed', failures: 2 });
    publish({ state: 'connecting', failures: 2 });
    publish({ state: 'closed', failures: 3 });
    expect(await screen.findByText(DROPPED, TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(DROPPED, TOAST)).toHaveLength(1);
    publish({ state: 'open', failures: 0 });
    expect(await screen.findByText('Connection restored', TOAST)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(DROPPED, TOAST)).not.toBeInTheDocument());
  });

  it('reports no drop when the user logs out or the session ends', async () => {
    const { publish } = setup();
    publish({ state: 'open', failures: 0 });
    publish({ state: 'idle', failures: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(DROPPED, TOAST)).not.toBeInTheDocument();
  });

  it("says 'System time error' when the clock is more than 5 minutes from the server's", async () => {
    const { publish, get } = setup();
    get.mockImplementation(() => Promise.resolve({ serverTime: Date.now() - 6 * 60_000 }));
    publish({ state: 'open', failures: 0 });
    expect(await screen.findByText('System time error, please modify the time', TOAST)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/diagnostics/time', expect.anything());
  });

  it('stays quiet about a clock within the limit', async () => {
    const { publish, get } = setup();
    get.mockImplementation(() => Promise.resolve({ serverTime: Date.now() - 4 * 60_000 }));
    publish({ state: 'open', failures: 0 });
    await waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('System time error, please modify the time', TOAST)).not.toBeInTheDocument();
  });
});
