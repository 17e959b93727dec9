import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import App from './App';
import { BASE, location, renderRecords } from './core/test';

describe('records remote', () => {
  it('sends its index to the SOS records', async () => {
    renderRecords(App, { url: BASE });
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/sos`);
    expect(screen.getByTestId('remote-records')).toHaveAttribute('data-build-tag', 'dev');
  });

  it.each([
    ['login', 'Login records'],
    ['cross', 'Cross-border records'],
    ['operation', 'Operation records'],
  ])('shows %s records at its own path', async (path, title) => {
    renderRecords(App, { url: `${BASE}/${path}` });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('switches between record types with its tabs, each with its own filters', async () => {
    renderRecords(App, { url: `${BASE}/sos?range=today` });
    const tabs = within(screen.getByRole('tablist', { name: 'Record types' }));
    expect(tabs.getAllByRole('tab')).toHaveLength(4);
    for (const name of ['SOS', 'Login', 'Cross-border', 'Operation']) expect(tabs.getByRole('tab', { name })).toBeInTheDocument();
    await userEvent.click(tabs.getByRole('tab', { name: 'Cross-border' }));
    expect(location()).toBe(`${BASE}/cross`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cross-border records' })).toBeInTheDocument();
    expect(tabs.getByRole('tab', { name: 'Cross-border' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers a dispatcher the SOS and cross-border records only (login and operation are for managers)', async () => {
    renderRecords(App, { url: `${BASE}/sos`, role: Role.Dispatcher });
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'SOS' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cross-border' })).toBeInTheDocument();
  });

  it('shows a member (opening the page on its own) why there is nothing', async () => {
    renderRecords(App, { url: `${BASE}/sos`, role: Role.User });
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('falls back to the SOS records for an unknown child', async () => {
    renderRecords(App, { url: `${BASE}/nope` });
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/sos`);
  });
});
