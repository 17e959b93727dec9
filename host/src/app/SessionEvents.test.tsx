import { act, screen, waitFor } from '@testing-library/react';
import { ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { initI18n, setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';
import { ME_PATH, expiredNoticeKey } from './SessionEvents';

beforeAll(() => initI18n());
beforeEach(() => localStorage.clear());
afterEach(() => setLocale('en'));

describe('file link of a stored session', () => {
  it('is asked for once when the session was stored before signed file URLs', async () => {
    const { file_link: _link, file_key: _key, ...old } = SESSION;
    const { get, sessionStore } = renderHost('/main/dispatch', { session: old });
    get.mockResolvedValue({ ...SESSION, file_link: 'fresh-link', file_key: 'fresh-key' });
    await waitFor(() => expect(sessionStore.load()).toMatchObject({ file_link: 'fresh-link', file_key: 'fresh-key', auth_token: SESSION.auth_token }));
    expect(get.mock.calls.filter(([path]) => path === ME_PATH)).toHaveLength(1);
  });

  it('is not asked for when the session has it', async () => {
    const { get } = renderHost('/main/dispatch', { session: SESSION });
    await screen.findByTestId('remote-dispatch');
    expect(get.mock.calls.filter(([path]) => path === ME_PATH)).toHaveLength(0);
  });
});

describe('session end', () => {
  it.each([
    [{ code: ServerCode.LoggedInElsewhere }, 'client.loggedInElsewhere'],
    [{ code: ServerCode.AuthorizationFailed, reason: 'loginElsewhere' as const }, 'client.loggedInElsewhere'],
    [{ code: ServerCode.AuthorizationFailed, reason: 'accountChanged' as const }, 'client.accountChanged'],
    [{ code: ServerCode.AuthorizationFailed }, 'client.missingAuthorization'],
  ])('explains %j with %s', (ended, key) => {
    expect(expiredNoticeKey(ended)).toBe(key);
  });

  it("logs out with 'Account information changed' when the server says so", async () => {
    const { bus, bridge } = renderHost('/main/dispatch', { session: SESSION });
    await screen.findByTestId('remote-dispatch');
    act(() => bus.publish('session/expired', { code: ServerCode.AuthorizationFailed, reason: 'accountChanged' }));
    expect(await screen.findByText('Account information changed, please log in again')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(localStorage.getItem('token')).toBeNull();
    expect(bridge.disconnect).toHaveBeenCalled();
  });

  it('logs out when a REST answer says the session is gone, in Chinese too', async () => {
    localStorage.setItem('locale', 'zh');
    const { bus, get } = renderHost('/main/dispatch', { session: SESSION });
    get.mockRejectedValue(new ApiError(ServerCode.LoggedInElsewhere, 'serverCode.10001', 401, 'elsewhere'));
    // The socket opening makes the shell ask the server for its clock, through the page's API client.
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    expect(await screen.findByText('已在其他设备登录，请重新登录')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it("tells 'Account information changed' from a REST answer too, whichever arrives first", async () => {
    const { bus, get } = renderHost('/main/dispatch', { session: SESSION });
    get.mockRejectedValue(new ApiError(ServerCode.AuthorizationFailed, 'serverCode.10000', 401, 'revoked', { reason: 'accountChanged' }));
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    expect(await screen.findByText('Account information changed, please log in again')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});
