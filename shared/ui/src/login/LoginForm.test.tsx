import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerCode } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { initI18n } from '../i18n/i18n';
import { LoginForm } from './LoginForm';

const SESSION: Session = {
  id: 7,
  ent: { id: 100001, name: 'Demo' },
  auth_token: 'tok',
  client_id: 'web-1',
  account: 'dispatcher1',
  nickname: 'Dispatcher One',
  role: 1,
};

beforeAll(() => initI18n());

async function fillAndSubmit({ org, user = 'dispatcher1', pass = 'demo123' }: { org?: string; user?: string; pass?: string }) {
  if (org !== undefined) await userEvent.type(screen.getByLabelText('Organization ID'), org);
  await userEvent.type(screen.getByLabelText('Username'), user);
  await userEvent.type(screen.getByLabelText('Password'), pass);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('asks for the organization ID without calling the server when it is empty', async () => {
    const login = jest.fn<Promise<Session>, unknown[]>();
    render(<LoginForm login={login} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({});
    expect(await screen.findByText('Please enter the organization ID')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in without an organization ID when the toggle is off', async () => {
    const login = jest.fn(() => Promise.resolve(SESSION));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} onLoggedIn={onLoggedIn} />);
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.queryByLabelText('Organization ID')).not.toBeInTheDocument();
    await fillAndSubmit({});
    expect(login).toHaveBeenCalledWith({ account: 'dispatcher1', password: 'demo123' });
    expect(onLoggedIn).toHaveBeenCalledWith(SESSION);
  });

  it('sends the organization ID as a number and hands over the session', async () => {
    const login = jest.fn(() => Promise.resolve(SESSION));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} onLoggedIn={onLoggedIn} />);
    await fillAndSubmit({ org: '100001' });
    expect(login).toHaveBeenCalledWith({ entId: 100001, account: 'dispatcher1', password: 'demo123' });
    expect(onLoggedIn).toHaveBeenCalledWith(SESSION);
  });

  it('shows login alert 1 for a wrong password', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.WrongCredentials, 'serverCode.2006', 401, 'wrong')));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} onLoggedIn={onLoggedIn} />);
    await fillAndSubmit({ org: '100001', pass: 'nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows login alert 4 for a locked user', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.UserLocked, 'serverCode.2027', 403, 'locked')));
    render(<LoginForm login={login} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Account locked');
  });

  it('shows the server code text when no login alert matches', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.ServiceBusy, 'serverCode.600', 503, 'busy')));
    render(<LoginForm login={login} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Service busy');
  });

  it('shows the network error when the server cannot be reached', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(-1, 'client.networkError', 0, 'offline')));
    render(<LoginForm login={login} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error or server disconnected');
  });

  it('rejects an organization ID that is not a number', async () => {
    const login = jest.fn<Promise<Session>, unknown[]>();
    render(<LoginForm login={login} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: 'abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The organization ID must be a positive number');
    expect(login).not.toHaveBeenCalled();
  });
});
