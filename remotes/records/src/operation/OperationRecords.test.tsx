import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPERATION_TYPE_COUNT, operationName } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import App from '../App';
import { BASE, operationRecord, page, queriesOf, renderRecords, searchNow } from '../core/test';
import { presetRange } from '../core';

afterEach(() => act(() => setLocale('en')));

const PATH = '/api/records/operations';
const member = { id: 21, account: 'member1', nickname: 'Member 1', role: 0, locked: false, avatar: null, dispatcherId: null, dispatcherNickname: null, channelRemark: null, tags: [], createdAt: '2026-01-05T08:00:00.000Z', deviceCount: 0, channelCount: 0 };
const answers = {
  [PATH]: page([operationRecord(), operationRecord({ id: 91, userId: null, account: null, type: 55 })]),
  '/api/users': page([member]),
  '/api/users/21': member,
};
const typeFilter = () => screen.getByRole('combobox', { name: 'Type' });

describe('operation records', () => {
  it('names each of the 56 types in the current language, in the table and the type filter', async () => {
    renderRecords(App, { url: `${BASE}/operation`, answers });
    const row = within(await screen.findByTestId('operation-record-90'));
    expect(row.getAllByRole('cell').map((c) => c.textContent)).toEqual(['90', '2', 'admin', 'Channel member status change', '—', '10.0.0.2', expect.stringMatching(/2026/) as unknown]);
    const options = within(typeFilter()).getAllByRole('option').slice(1);
    expect(options).toHaveLength(OPERATION_TYPE_COUNT);
    expect(options.map((o) => o.textContent)).toEqual(Array.from({ length: OPERATION_TYPE_COUNT }, (_v, n) => operationName(n, 'en')));
    expect(within(typeFilter()).getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual(['Enterprise', 'Channels', 'Users and devices', 'Geofences', 'Notices', 'Patrol']);

    act(() => setLocale('zh'));
    expect(await screen.findByRole('cell', { name: '频道成员状态修改' })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: '类型' })).getAllByRole('option').slice(1).map((o) => o.textContent)).toEqual(
      Array.from({ length: OPERATION_TYPE_COUNT }, (_v, n) => operationName(n, 'zh')),
    );
  });

  it('filters by type and by a time preset, each a new view in the URL sent to the server', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/operation?page=3`, answers });
    await screen.findByTestId('operation-record-90');
    await userEvent.selectOptions(typeFilter(), 'Channel member status change');
    await waitFor(() => expect(searchNow().toString()).toBe('type=12'));
    expect(queriesOf(get, PATH).at(-1)).toMatchObject({ type: '12', page: 1 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Last 7 days');
    await waitFor(() => expect(searchNow().toString()).toBe('range=7d&type=12'));
    const { from, to } = presetRange('7d', new Date());
    expect(queriesOf(get, PATH).at(-1)).toMatchObject({ type: '12', from: String(from), to: String(to) });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchNow().toString()).toBe(''));
  });

  it('takes a custom range from two date-time fields', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/operation?range=custom`, answers });
    await screen.findByTestId('operation-record-90');
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-11-01T08:30');
    await waitFor(() => expect(searchNow().get('from')).toMatch(/^2026-11-01T08:30[+-]\d\d:\d\d$/));
    expect(queriesOf(get, PATH).at(-1)).toMatchObject({ from: String(new Date(2026, 10, 1, 8, 30).getTime()), to: undefined });
  });

  it('picks a member by searching on the server', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/operation`, answers });
    await screen.findByTestId('operation-record-90');
    const picker = screen.getByRole('combobox', { name: 'Member' });
    await userEvent.type(picker, 'mem');
    await waitFor(() => expect(queriesOf(get, '/api/users').at(-1)).toEqual({ size: 20, sort: 'id', q: 'mem' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Member 1 (member1)' }));
    await waitFor(() => expect(searchNow().toString()).toBe('userId=21'));
    expect(queriesOf(get, PATH).at(-1)).toMatchObject({ userId: '21' });
  });

  it('opens a shared link as it was: filters, member name, sort and page', async () => {
    const link = `range=custom&from=${encodeURIComponent('2026-11-01T00:00+08:00')}&to=${encodeURIComponent('2026-11-29T00:00+08:00')}&userId=21&type=12&sort=account&order=asc&page=2&size=50`;
    const { get } = renderRecords(App, { url: `${BASE}/operation?${link}`, answers });
    await screen.findByTestId('operation-record-90');
    expect(queriesOf(get, PATH)[0]).toEqual({
      page: 2, size: 50, sort: 'account', order: 'asc', from: String(Date.UTC(2026, 9, 31, 16)), to: String(Date.UTC(2026, 10, 28, 16)), userId: '21', type: '12', device: undefined,
    });
    expect(typeFilter()).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveValue('custom');
    expect(await screen.findByDisplayValue('Member 1 (member1)')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Account' })).toHaveAttribute('aria-sort', 'ascending');
    expect(searchNow().toString()).toBe(new URLSearchParams(link).toString());
  });
});
