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

const noCaptcha = jest.fn(() => Promise.reject(new Error('no captcha expected')));
const captchaNeeded = () => new ApiError(ServerCode.ImageCodeNeeded, 'serverCode.2005', 400, 'captcha', { reason: 'rule.captchaNeeded', captchaRequired: true });
let captchaCount = 0;
const nextCaptcha = jest.fn(() => Promise.resolve({ id: `c${++captchaCount}`, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', expiresAt: '2030-01-01T00:00:00.000Z' }));

async function fillAndSubmit({ org, user = 'dispatcher1', pass = 'demo123' }: { org?: string; user?: string; pass?: string }) {
  if (org !== undefined) await userEvent.type(screen.getByLabelText('Organization ID'), org);
  await userEvent.type(screen.getByLabelText('Username'), user);
  await userEvent.type(screen.getByLabelText('Password'), pass);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('asks for the organization ID without calling the server when it is empty', async () => {
    const login = jest.fn<Promise<Session>, unknown[]>();
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({});
    expect(await screen.findByText('Please enter the organization ID')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in without an organization ID when the toggle is off', async () => {
    const login = jest.fn(() => Promise.resolve(SESSION));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={onLoggedIn} />);
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.queryByLabelText('Organization ID')).not.toBeInTheDocument();
    await fillAndSubmit({});
    expect(login).toHaveBeenCalledWith({ account: 'dispatcher1', password: 'demo123' });
    expect(onLoggedIn).toHaveBeenCalledWith(SESSION);
  });

  it('sends the organization ID as a number and hands over the session', async () => {
    const login = jest.fn(() => Promise.resolve(SESSION));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={onLoggedIn} />);
    await fillAndSubmit({ org: '100001' });
    expect(login).toHaveBeenCalledWith({ entId: 100001, account: 'dispatcher1', password: 'demo123' });
    expect(onLoggedIn).toHaveBeenCalledWith(SESSION);
  });

  it('shows login alert 1 for a wrong password', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.WrongCredentials, 'serverCode.2006', 401, 'wrong')));
    const onLoggedIn = jest.fn();
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={onLoggedIn} />);
    await fillAndSubmit({ org: '100001', pass: 'nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('shows login alert 4 for a locked user', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.UserLocked, 'serverCode.2027', 403, 'locked')));
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Account locked');
  });

  it('shows the server code text when no login alert matches', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.ServiceBusy, 'serverCode.600', 503, 'busy')));
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Service busy');
  });

  it('shows the network error when the server cannot be reached', async () => {
    const login = jest.fn(() => Promise.reject(new ApiError(-1, 'client.networkError', 0, 'offline')));
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: '100001' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error or server disconnected');
  });

  it('rejects an organization ID that is not a number', async () => {
    const login = jest.fn<Promise<Session>, unknown[]>();
    render(<LoginForm login={login} fetchCaptcha={noCaptcha} onLoggedIn={jest.fn()} />);
    await fillAndSubmit({ org: 'abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The organization ID must be a positive number');
    expect(login).not.toHaveBeenCalled();
  });

  describe('captcha', () => {
    it('shows the captcha once the server asks for one, and sends it with the next attempt', async () => {
      const login = jest
        .fn<Promise<Session>, unknown[]>()
        .mockRejectedValueOnce(captchaNeeded())
        .mockResolvedValueOnce(SESSION);
      const onLoggedIn = jest.fn();
      render(<LoginForm login={login} fetchCaptcha={nextCaptcha} onLoggedIn={onLoggedIn} />);
      expect(screen.queryByRole('textbox', { name: /Captcha/ })).not.toBeInTheDocument();
      await fillAndSubmit({ org: '100001' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the captcha');
      const field = await screen.findByRole('textbox', { name: /Captcha/ });
      expect(await screen.findByRole('button', { name: 'Captcha image, select to get a new one' })).toContainHTML('img');
      // Without an answer the form says so and does not send.
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(login).toHaveBeenCalledTimes(1);
      await userEvent.type(field, 'ab12');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      const id = `c${captchaCount}`;
      expect(login).toHaveBeenLastCalledWith({ entId: 100001, account: 'dispatcher1', password: 'demo123', captchaId: id, captcha: 'ab12' });
      expect(onLoggedIn).toHaveBeenCalledWith(SESSION);
    });

    it('shows the captcha after a wrong password when the server says the next attempt needs one', async () => {
      const login = jest.fn(() => Promise.reject(new ApiError(ServerCode.WrongCredentials, 'serverCode.2006', 401, 'wrong', { captchaRequired: true })));
      render(<LoginForm login={login} fetchCaptcha={nextCaptcha} onLoggedIn={jest.fn()} />);
      await fillAndSubmit({ org: '100001', pass: 'nope' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
      expect(await screen.findByRole('textbox', { name: /Captcha/ })).toBeInTheDocument();
    });

    it('fetches a new image after a wrong captcha and on a click of the image', async () => {
      const login = jest
        .fn<Promise<Session>, unknown[]>()
        .mockRejectedValueOnce(captchaNeeded())
        .mockRejectedValueOnce(new ApiError(ServerCode.ImageCodeWrong, 'serverCode.2018', 400, 'wrong', { captchaRequired: true }));
      render(<LoginForm login={login} fetchCaptcha={nextCaptcha} onLoggedIn={jest.fn()} />);
      await fillAndSubmit({ org: '100001' });
      await userEvent.type(await screen.findByRole('textbox', { name: /Captcha/ }), 'XXXX');
      const before = nextCaptcha.mock.calls.length;
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The captcha has expired or is wrong');
      expect(nextCaptcha.mock.calls.length).toBe(before + 1);
      expect(screen.getByRole('textbox', { name: /Captcha/ })).toHaveValue('');
      await userEvent.click(await screen.findByRole('button', { name: 'Captcha image, select to get a new one' }));
      expect(nextCaptcha.mock.calls.length).toBe(before + 2);
    });
  });
});
