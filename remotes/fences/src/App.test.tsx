import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

jest.mock('@ptt/map', () => jest.requireActual<object>('./test/mapStub'));

const BASE = '/main/fenceManagement';

describe('fences remote', () => {
  it('shows the fence list at its index', () => {
    renderRemote(App, { basePath: BASE, url: BASE });
    expect(screen.getByRole('heading', { level: 1, name: 'Geofence' })).toBeInTheDocument();
    expect(screen.getByTestId('remote-fences')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('edits the fence whose id is in the path and goes back to the list', async () => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/edit/42` });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit geofence 42' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}$`));
    expect(screen.getByRole('heading', { level: 1, name: 'Geofence' })).toBeInTheDocument();
  });
});
