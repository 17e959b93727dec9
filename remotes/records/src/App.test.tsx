import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

const BASE = '/main/record';

describe('records remote', () => {
  it('sends its index to the SOS records', async () => {
    renderRemote(App, { basePath: BASE, url: BASE });
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/sos`);
  });

  it.each([
    ['login', 'Login records'],
    ['cross', 'Cross-border records'],
    ['operation', 'Operation records'],
  ])('shows %s records at its own path', (path, title) => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/${path}` });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('remote-records')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('switches between record types with its tabs', async () => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/sos` });
    expect(screen.getByRole('tab', { name: 'SOS' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Cross-border' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/cross`);
    expect(screen.getByRole('heading', { level: 1, name: 'Cross-border records' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cross-border' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('records remote, unknown child', () => {
  it('falls back to the SOS records', async () => {
    renderRemote(App, { basePath: BASE, url: `${BASE}/nope` });
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}/sos$`));
  });
});
