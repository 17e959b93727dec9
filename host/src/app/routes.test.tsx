import { act, screen, within } from '@testing-library/react';
import { Role } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';

const ADMIN = { ...SESSION, role: Role.Admin, nickname: 'Admin' };
const TOAST = { selector: '.fui-ToastTitle' };
const MEMBER = { ...SESSION, role: Role.User, nickname: 'Member One', account: 'member1' };

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
    ['/main/record/cross', '/main/record/cross', 'records', '/main/record'],
    ['/main/patrol/task', '/main/patrol/task', 'patrol', '/main/patrol'],
  ])('%s ends at %s with the %s remote inside the shell', async (path, finalPath, remote, basePath) => {
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

  it('shows the managers\' login records to an admin', async () => {
    renderHost('/main/record/login', { session: ADMIN });
    const root = await screen.findByTestId('remote-records');
    expect(within(root).getByRole('heading', { level: 1 })).toHaveTextContent('records at /main/record');
    expect(location()).toHaveTextContent(/^\/main\/record\/login$/);
  });

  it('/main/newPage is a titled page in the shell', async () => {
    const { get, bus } = renderHost('/main/dispatch', { session: SESSION });
    get.mockResolvedValue({ items: [], total: 0 });
    act(() => bus.publish('nav/go', { to: '/main/newPage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notices' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('/main/test is a titled page in the shell', () => {
    renderHost('/main/test', { session: SESSION });
    expect(screen.getByRole('heading', { level: 1, name: 'Test' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('shows /update outside the shell', async () => {
    const { get, bus } = renderHost('/main/dispatch', { session: SESSION });
    get.mockResolvedValue({ items: [], total: 0 });
    act(() => bus.publish('nav/go', { to: '/update' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File update' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it.each(['/nowhere', '/main/nowhere'])('sends the unknown path %s to /main/dispatch', async (path) => {
    renderHost(path, { session: SESSION });
    expect(await screen.findByTestId('remote-dispatch')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
  });

  it('offers Retry for a remote that fails to load, and Retry loads it', async () => {
    const { remotes } = renderHost('/main/patrol', { session: SESSION, failing: ['patrol'] });
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    retry.click();
    expect(await screen.findByTestId('remote-patrol')).toBeInTheDocument();
    expect(remotes.reset).toHaveBeenCalledWith('patrol');
  });
});

describe('screens by role', () => {
  afterEach(() => setLocale('en'));

  it('shows a member only the titles of their role', () => {
    renderHost('/main/dispatch', { session: MEMBER });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dispatch']);
  });

  it.each(['/main/userManagement', '/main/record/sos', '/main/patrol/task', '/main/newPage', '/update', '/sosManagement'])(
    "sends a member from %s to /main/dispatch with 'Insufficient permissions' and never loads the page",
    async (path) => {
      const { remotes } = renderHost(path, { session: MEMBER });
      expect(await screen.findByText('Insufficient permissions', TOAST)).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
      expect(await screen.findByTestId('remote-dispatch')).toBeVisible();
      expect(remotes.load.mock.calls.map(([n]) => n)).toEqual(['dispatch']);
    },
  );

  it('refuses a dispatcher the managers\' record screens but not the others', async () => {
    renderHost('/main/record/operation', { session: SESSION });
    expect(await screen.findByText('Insufficient permissions', TOAST)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
  });

  it('keeps the dispatch console mounted when a navigation leads somewhere refused', async () => {
    const { bus } = renderHost('/main/dispatch', { session: MEMBER });
    const dispatch = await screen.findByTestId('remote-dispatch');
    act(() => bus.publish('nav/go', { to: '/main/userManagement' }));
    expect(await screen.findByText('Insufficient permissions', TOAST)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
    expect(screen.getByTestId('remote-dispatch')).toBe(dispatch);
  });

  it('says it in Chinese too', async () => {
    localStorage.setItem('locale', 'zh');
    renderHost('/main/deviceManagement', { session: MEMBER });
    expect(await screen.findByText('权限不足', TOAST)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/main\/dispatch$/);
  });
});
