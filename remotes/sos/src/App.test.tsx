import { screen } from '@testing-library/react';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

describe('sos remote', () => {
  it('shows SOS management with its waiting count', () => {
    renderRemote(App, { basePath: '/sosManagement', url: '/sosManagement' });
    expect(screen.getByRole('heading', { level: 1, name: 'SOS management' })).toBeInTheDocument();
    expect(screen.getByTestId('sos-waiting')).toHaveTextContent('Waiting: 0');
    expect(screen.getByTestId('remote-sos')).toHaveAttribute('data-build-tag', 'dev');
  });
});
