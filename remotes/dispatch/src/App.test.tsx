import { act, screen } from '@testing-library/react';
import { setLocale } from '@ptt/ui';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

// The map and chat panes have their own tests (src/live, src/chat); Leaflet needs a real browser.
jest.mock('./console/slots', () => ({
  ChatSlot: () => <section aria-label="chat pane" />,
  MapSlot: () => <section aria-label="map pane" />,
}));

describe('dispatch remote', () => {
  afterEach(() => setLocale('en'));

  it('shows the console under /main/dispatch with its panes and build tag', () => {
    renderRemote(App, { basePath: '/main/dispatch', url: '/main/dispatch' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Channels' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'map pane' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'chat pane' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PTT' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('ptt-state')).toHaveTextContent('PTT: Not connected');
    // Two dividers between the columns and one inside each of the two stacked columns.
    expect(screen.getAllByRole('separator').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Resize the channel list',
      'Resize the channel and member column',
      'Resize the map and command area',
      'Resize the chat column',
    ]);
    const root = screen.getByTestId('remote-dispatch');
    expect(root).toHaveAttribute('data-build-tag', 'dev');
    expect(root).toHaveTextContent('Build dev');
  });

  it('follows the shared language', async () => {
    renderRemote(App, { basePath: '/main/dispatch', url: '/main/dispatch' });
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '调度' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '频道' })).toBeInTheDocument();
    expect(screen.getByTestId('ptt-state')).toHaveTextContent('对讲：未连接');
  });
});
