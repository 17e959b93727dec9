import { screen } from '@testing-library/react';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

describe('screen remote', () => {
  it('shows the large screen under /main/screen', () => {
    renderRemote(App, { basePath: '/main/screen', url: '/main/screen' });
    expect(screen.getByRole('heading', { level: 1, name: 'Large screen' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-screen')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('shows the large screen standalone at the root', () => {
    renderRemote(App, { basePath: '/', url: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Large screen' })).toBeInTheDocument();
  });
});
