import { act, screen, waitFor } from '@testing-library/react';
import { DATABASE_UNAVAILABLE, SERVICE_STATUS_PATH, ServerCode, type ServiceStatus } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';
import { STATUS_POLL_DOWN_MS } from './ServiceBanner';

const UP: ServiceStatus = { database: 'up', redis: 'up', janus: 'up' };
const banner = () => screen.queryByTestId('service-banner');

/** The status route answers whatever `now` holds; everything else answers like a healthy server. */
function setup(first: ServiceStatus | Error, session = SESSION) {
  let now: ServiceStatus | Error = first;
  const utils = renderHost('/main/dispatch', {
    session,
    statusFromAnswer: true,
    answer: (path) => {
      if (path !== SERVICE_STATUS_PATH) return Promise.resolve({ serverTime: Date.now() });
      return now instanceof Error ? Promise.reject(now) : Promise.resolve(now);
    },
  });
  const statusCalls = () => utils.get.mock.calls.filter(([p]) => p === SERVICE_STATUS_PATH).length;
  return { ...utils, set: (next: ServiceStatus | Error) => (now = next), statusCalls };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  setLocale('en');
});

describe('the service banner', () => {
  it('stays away while everything is up', async () => {
    const { statusCalls } = setup(UP);
    await waitFor(() => expect(statusCalls()).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(banner()).toBeNull();
  });

  it('names what is down, in both languages, and goes away by itself once it is back', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { set } = setup({ database: 'up', redis: 'down', janus: 'down' });
    expect(await screen.findByTestId('service-banner')).toHaveTextContent('Service problem');
    expect(banner()).toHaveTextContent('cannot reach Redis');
    expect(banner()).toHaveTextContent('cannot reach the media server');
    expect(banner()).not.toHaveTextContent('database');
    expect(banner()).toHaveAttribute('role', 'alert');
    act(() => setLocale('zh'));
    expect(banner()).toHaveTextContent('服务器无法连接 Redis');
    // While something is down it asks again every few seconds, so it clears soon after.
    set(UP);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(STATUS_POLL_DOWN_MS + 100);
    });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it("shows the database as down when every request answers 600 'databaseUnavailable'", async () => {
    setup(new ApiError(ServerCode.ServiceBusy, 'serverCode.600', 503, 'service busy', { reason: DATABASE_UNAVAILABLE }));
    expect(await screen.findByTestId('service-banner')).toHaveTextContent('cannot reach its database');
  });

  it('says nothing of its own when the server does not answer at all (the socket status does)', async () => {
    const { statusCalls } = setup(new Error('Failed to fetch'));
    await waitFor(() => expect(statusCalls()).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(banner()).toBeNull();
  });

  it('asks nothing before a login', async () => {
    const { statusCalls } = setup(UP, null as never);
    await new Promise((r) => setTimeout(r, 50));
    expect(statusCalls()).toBe(0);
    expect(banner()).toBeNull();
  });

  it('asks again as soon as the socket reopens', async () => {
    const { bus, statusCalls } = setup(UP);
    await waitFor(() => expect(statusCalls()).toBe(1));
    act(() => bus.publish('socket/status', { state: 'closed', failures: 1 }));
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    await waitFor(() => expect(statusCalls()).toBe(2));
  });
});
