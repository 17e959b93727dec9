import { act, screen } from '@testing-library/react';
import { setLocale } from '@ptt/ui';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

describe('dispatch remote', () => {
  afterEach(() => setLocale('en'));

  it('shows the Dispatch page with its build tag under /main/dispatch', () => {
    renderRemote(App, { basePath: '/main/dispatch', url: '/main/dispatch' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeInTheDocument();
    const root = screen.getByTestId('remote-dispatch');
    expect(root).toHaveAttribute('data-build-tag', 'dev');
    expect(root).toHaveTextContent('Build dev');
  });

  it('follows the shared language', async () => {
    renderRemote(App, { basePath: '/main/dispatch', url: '/main/dispatch' });
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '调度' })).toBeInTheDocument();
  });
});
