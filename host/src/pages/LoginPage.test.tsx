import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { renderHost, SESSION } from '../test/renderHost';

beforeEach(() => localStorage.clear());

async function submit(password = 'demo123') {
  await userEvent.type(screen.getByLabelText('Organization ID'), '100001');
  await userEvent.type(screen.getByLabelText('Username'), 'dispatcher1');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('saves the session, connects the socket and lands on /main/dispatch', async () => {
    const { post, bridge, sessionStore } = renderHost('/login');
    post.mockResolvedValueOnce(SESSION);
    await submit();
    expect(await screen.findByTestId('remote-dispatch')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/auth/login', { entId: 100001, account: 'dispatcher1', password: 'demo123' }, expect.anything());
    expect(sessionStore.token()).toBe(SESSION.auth_token);
    expect(localStorage.getItem('token')).toBe(SESSION.auth_token);
    expect(bridge.connect).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/main\/dispatch$/);
    expect(screen.getByRole('button', { name: /Dispatcher One/ })).toBeInTheDocument();
  });

  it('stays on /login with login alert 1 for a wrong password', async () => {
    const { post } = renderHost('/login');
    post.mockRejectedValueOnce(new ApiError(ServerCode.WrongCredentials, 'serverCode.2006', 401, 'wrong'));
    await submit('nope');
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('goes back to /login with the reason when the session expires', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    expect(await screen.findByTestId('remote-dispatch')).toBeInTheDocument();
    act(() => bus.publish('session/expired', { code: ServerCode.LoggedInElsewhere }));
    expect(await screen.findByText('Logged in on another device, please log in again')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
