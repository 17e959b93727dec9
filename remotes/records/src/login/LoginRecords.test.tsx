import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import App from '../App';
import { BASE, afterInvalidation, loginRecord, page, queriesOf, renderRecords, searchNow } from '../core/test';

const PATH = '/api/records/logins';

describe('login records', () => {
  it('shows time, user, device, GPS location with the abnormal flag, and ip', async () => {
    renderRecords(App, { url: `${BASE}/login`, answers: { [PATH]: page([loginRecord(), loginRecord({ id: 41, abnormal: false, lng: null, lat: null, device: null, ip: null })]) } });
    const cells = within(await screen.findByTestId('login-record-40')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([expect.stringMatching(/2026/) as unknown, 'Member 1 (member1)', 'Chrome 130 · Windows', '116.400000, 39.900000Abnormal', '10.0.0.5']);
    expect(within(cells[3]!).getByRole('button', { name: 'Show 116.400000, 39.900000 on the map' })).toBeInTheDocument();
    expect(within(screen.getByTestId('login-record-41')).getAllByRole('cell').map((c) => c.textContent).slice(2)).toEqual(['—', '—', '—']);
  });

  it('reads the caller\'s own login records with mine=1, and refetches its first page when someone logs in', async () => {
    const { get, bus } = renderRecords(App, { url: `${BASE}/login?mine=1`, role: Role.Admin, answers: { '/api/me/login-records': page([loginRecord()]) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'My login records' })).toBeInTheDocument();
    await screen.findByTestId('login-record-40');
    expect(queriesOf(get, PATH)).toEqual([]);
    act(() => bus.publish('ws/ent', { kind: 'Login', topic: 'msg/listen/ent/100001', data: { uid: 1, account: 'me', nickname: 'Me', role: Role.Admin } }));
    await afterInvalidation();
    await waitFor(() => expect(queriesOf(get, '/api/me/login-records')).toHaveLength(2));
    await userEvent.click(screen.getByRole('columnheader', { name: 'User' }));
    await waitFor(() => expect(searchNow().toString()).toBe('mine=1&sort=account&order=asc'));
  });
});
