import { act, screen } from '@testing-library/react';
import { Role } from '@ptt/contracts';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

describe('sos remote', () => {
  it('shows SOS management with its waiting count to staff', async () => {
    const { bus } = renderRemote(App, { basePath: '/sosManagement', url: '/sosManagement' });
    act(() => bus.publish('session', { id: 3, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'dispatcher1', nickname: 'Dispatcher 1', role: Role.Dispatcher }));
    expect(screen.getByRole('heading', { level: 1, name: 'SOS management' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-sos')).toHaveAttribute('data-build-tag', 'dev');
    // The test client is offline: the list says so, and the count is not claimed to be 0.
    expect(await screen.findByText('Information load failed')).toBeInTheDocument();
    expect(screen.getByTestId('sos-waiting')).toHaveTextContent('Waiting: …');
  });

  it('tells anyone else they may not', () => {
    renderRemote(App, { basePath: '/sosManagement', url: '/sosManagement' });
    expect(screen.getByRole('heading', { level: 1, name: 'SOS management' })).toBeInTheDocument();
    expect(screen.getByText('Insufficient permissions')).toBeInTheDocument();
  });
});
