import { screen, within } from '@testing-library/react';
import { renderHost, SESSION } from '../test/renderHost';

const location = () => screen.getByTestId('location');

beforeEach(() => localStorage.clear());
beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('token guard', () => {
  it.each(['/main/dispatch', '/main/userManagement', '/main/record/cross', '/update', '/sosManagement', '/nowhere'])(
    'sends %s to /login with "Please login first." when no token is stored',
    async (path) => {
      renderHost(path);
      expect(await screen.findByText('Please login first.')).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/login$/);
    },
  );

  it('redirects / to /login', () => {
    renderHost('/');
    expect(location()).toHaveTextContent(/^\/login$/);
    expect(screen.queryByText('Please login first.')).not.toBeInTheDocument();
  });

  it('sends /login to /main/dispatch when a token is stored', async () => {
    renderHost('/login', { session: SESSION });
    expect(await screen.findByTestId('remote-dispatch')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
  });
});

describe('routes with a token', () => {
  it.each([
    ['/main', '/main/dispatch', 'dispatch', '/main/dispatch'],
    ['/main/userManagement', '/main/userManagement', 'management', '/main/userManagement'],
    ['/main/channelManagement', '/main/channelManagement', 'management', '/main/channelManagement'],
    ['/main/deviceManagement', '/main/deviceManagement', 'management', '/main/deviceManagement'],
    ['/main/screen', '/main/screen', 'screen', '/main/screen'],
    ['/main/fenceManagement/edit/42', '/main/fenceManagement/edit/42', 'fences', '/main/fenceManagement'],
    ['/main/record/login', '/main/record/login', 'records', '/main/record'],
    ['/main/patrol/task', '/main/patrol/task', 'patrol', '/main/patrol'],
  ])('%s shows the %s remote inside the shell', async (path, finalPath, remote, basePath) => {
    renderHost(path, { session: SESSION });
    const root = await screen.findByTestId(`remote-${remote}`);
    expect(within(root).getByRole('heading', { level: 1 })).toHaveTextContent(`${remote} at ${basePath}`);
    expect(location()).toHaveTextContent(new RegExp(`^${finalPath}$`));
    expect(screen.getByTestId('host-shell')).toBeInTheDocument();
  });

  it('shows /sosManagement outside the shell', async () => {
    renderHost('/sosManagement', { session: SESSION });
    expect(await screen.findByTestId('remote-sos')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it.each([
    ['/main/newPage', 'New page'],
    ['/main/test', 'Test'],
  ])('%s is a titled page in the shell', (path, title) => {
    renderHost(path, { session: SESSION });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('shows /update outside the shell', () => {
    renderHost('/update', { session: SESSION });
    expect(screen.getByRole('heading', { level: 1, name: 'File update' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it.each(['/nowhere', '/main/nowhere'])('sends the unknown path %s to /main/dispatch', async (path) => {
    renderHost(path, { session: SESSION });
    expect(await screen.findByTestId('remote-dispatch')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
  });

  it('offers Retry for a remote that fails to load, and Retry loads it', async () => {
    const { remotes } = renderHost('/main/patrol', { session: SESSION, failing: ['patrol'] });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    retry.click();
    expect(await screen.findByTestId('remote-patrol')).toBeInTheDocument();
    expect(remotes.reset).toHaveBeenCalledWith('patrol');
  });
});
