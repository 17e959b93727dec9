import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';

beforeEach(() => localStorage.clear());
afterEach(() => setLocale('en'));

describe('header', () => {
  it('lists the eight menu titles in order and highlights the current one', async () => {
    renderHost('/main/record/sos', { session: SESSION });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Dispatch', 'Users', 'Channels', 'Screen', 'Devices', 'Geofence', 'Records', 'Patrol']);
    expect(within(menu).getByRole('link', { name: 'Records' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('link', { name: 'Users' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/main/userManagement');
    expect(await screen.findByTestId('remote-management')).toBeInTheDocument();
  });

  it('switches to Chinese and keeps the choice in localStorage', async () => {
    renderHost('/main/dispatch', { session: SESSION });
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '中文' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('调度');
    expect(localStorage.getItem('locale')).toBe('zh');
  });

  it('starts in the language kept in localStorage', () => {
    localStorage.setItem('locale', 'zh');
    renderHost('/main/dispatch', { session: SESSION });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['调度', '用户', '频道', '大屏', '设备', '电子围栏', '记录', '巡更']);
  });

  it('logs out: offline heartbeat, POST /api/auth/logout, session cleared, socket closed, back to /login', async () => {
    const { post, bridge, sessionStore } = renderHost('/main/dispatch', { session: SESSION });
    await userEvent.click(screen.getByRole('button', { name: /Dispatcher One/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(bridge.sendOfflineHeartbeat).toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith('/api/auth/logout');
    expect(sessionStore.token()).toBeNull();
    expect(bridge.disconnect).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});

describe('logout', () => {
  it('is the last entry of the user menu, set apart', async () => {
    renderHost('/main/dispatch', { session: SESSION });
    await userEvent.click(screen.getByRole('button', { name: /Dispatcher One/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items[items.length - 1]).toHaveTextContent('Logout');
  });

  it('does not greet a deliberate logout with the guard message', async () => {
    renderHost('/main/dispatch', { session: SESSION });
    await userEvent.click(screen.getByRole('button', { name: /Dispatcher One/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('Please login first.')).not.toBeInTheDocument();
  });
});

describe('screens without a header title', () => {
  const screensIn = async () => {
    await userEvent.click(screen.getByRole('button', { name: /^User menu/ }));
    const items = await screen.findAllByRole('menuitem');
    return items.map((i) => i.textContent).filter((t) => ['Notices', 'File update', 'Diagnostics', 'SOS management'].includes(t ?? ''));
  };

  it('are offered in the user menu to a dispatcher, and open from there', async () => {
    const { get } = renderHost('/main/dispatch', { session: SESSION });
    get.mockResolvedValue({ items: [], total: 0 });
    expect(await screensIn()).toEqual(['Notices', 'File update', 'Diagnostics', 'SOS management']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Notices' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/main\/newPage$/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notices' })).toBeInTheDocument();
  });

  it('show an ordinary member only the diagnostics they may open', async () => {
    renderHost('/main/dispatch', { session: { ...SESSION, role: 0 } });
    expect(await screensIn()).toEqual(['Diagnostics']);
  });
});
