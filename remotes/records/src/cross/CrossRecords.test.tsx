import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import App from '../App';
import { BASE, afterInvalidation, fenceAlert, page, queriesOf, renderRecords, searchNow } from '../core/test';

afterEach(() => act(() => setLocale('en')));

const PATH = '/api/records/fence-alerts';
const answers = { [PATH]: page([fenceAlert(), fenceAlert({ id: 71, type: 'stay', dispatcher: null, ip: '10.0.0.9' })]) };

describe('cross-border records', () => {
  it('shows user, dispatcher, fence id and name, leave or stay, time, ip and position', async () => {
    renderRecords(App, { url: `${BASE}/cross`, answers });
    const cells = within(await screen.findByTestId('cross-record-70')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Member 1 (member1)', 'Dispatcher 1', '5', 'Depot', 'Leave', expect.stringMatching(/2026/) as unknown, '—', '116.410000', '39.910000', '']);
    expect(within(screen.getByTestId('cross-record-71')).getAllByRole('cell').map((c) => c.textContent).slice(0, 7)).toEqual([
      'Member 1 (member1)', '—', '5', 'Depot', 'Stay', expect.stringMatching(/2026/) as unknown, '10.0.0.9',
    ]);
    act(() => setLocale('zh'));
    expect(await within(screen.getByTestId('cross-record-71')).findByText('停留')).toBeInTheDocument();
  });

  it('filters leave or stay and sorts by fence on the server', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/cross`, answers });
    await screen.findByTestId('cross-record-70');
    expect(screen.queryByRole('switch', { name: 'Only my records' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Stay');
    await waitFor(() => expect(searchNow().toString()).toBe('type=stay'));
    await userEvent.click(screen.getByRole('columnheader', { name: 'Fence' }));
    await waitFor(() => expect(searchNow().toString()).toBe('type=stay&sort=fenceName&order=asc'));
    expect(queriesOf(get, PATH).at(-1)).toMatchObject({ type: 'stay', sort: 'fenceName', order: 'asc', page: 1 });
  });

  it('refetches an open first page when a new alert arrives on the bus', async () => {
    const { get, bus } = renderRecords(App, { url: `${BASE}/cross`, answers });
    await screen.findByTestId('cross-record-70');
    const asked = queriesOf(get, PATH).length;
    const data = { alertId: 72, fenceId: 5, fenceName: 'Depot', uid: 21, account: 'member1', nickname: 'Member 1', type: 'leave' as const, lng: 116.41, lat: 39.91, time: '2026-11-28T09:00:00.000Z' };
    act(() => bus.publish('ws/fence', { kind: 'WallAlert', topic: 'msg/listen/fence/100001', data }));
    await afterInvalidation();
    await waitFor(() => expect(queriesOf(get, PATH).length).toBe(asked + 1));
  });
});
