import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

const BASE = '/main/patrol';

describe('patrol remote', () => {
  it('sends its index to the dashboard', async () => {
    renderRemote(App, { basePath: BASE, url: BASE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/dashboard`);
  });

  it.each([
    ['task', 'Tasks'],
    ['node', 'Nodes'],
    ['member', 'Members'],
    ['record', 'Records'],
  ])('shows the %s page at its own path', (path, title) => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/${path}` });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('remote-patrol')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('switches pages with its tabs', async () => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/dashboard` });
    await userEvent.click(screen.getByRole('tab', { name: 'Nodes' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/node`);
    expect(screen.getByRole('heading', { level: 1, name: 'Nodes' })).toBeInTheDocument();
  });
});
