import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import App from '../App';
import { BASE, afterInvalidation, page, queriesOf, renderRecords, searchNow, sosRecord } from '../core/test';

afterEach(() => act(() => setLocale('en')));

const OPEN = sosRecord({ id: 13, closedAt: null, state: 'open', dispatcher: null, device: null, ip: null, lng: null, lat: null });
const sosAnswers = (total = 2) => ({ '/api/sos': page([OPEN, sosRecord()], total) });
const cellsOf = async (id: number) => within(await screen.findByTestId(`sos-record-${id}`)).getAllByRole('cell').map((c) => c.textContent);

describe('SOS records', () => {
  it('shows the spec fields, who closed it, both times and how long it stayed open', async () => {
    renderRecords(App, { url: `${BASE}/sos`, answers: sosAnswers() });
    const closed = await cellsOf(12);
    expect(closed.slice(0, 5)).toEqual(['12', 'Member 1 (member1)', 'Dispatcher 1', '116.397000', '39.909000']);
    expect(closed.slice(6, 8)).toEqual(['Handset 7', '10.0.0.21']);
    expect(closed[8]).toMatch(/2026/);
    expect(closed[9]).toMatch(/2026/);
    expect(closed[10]).toBe('1 h 5 min');
    expect(await cellsOf(13)).toEqual(['13', 'Member 1 (member1)', '—', '—', '—', '', '—', '—', expect.stringMatching(/2026/) as unknown, '—', 'Still open']);
  });

  it('asks the server for newest first, one page at a time, and sorts on the server', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/sos`, answers: sosAnswers(45) });
    await cellsOf(12);
    expect(queriesOf(get, '/api/sos')[0]).toEqual({ page: 1, size: 20, sort: 'startedAt', order: 'desc', from: undefined, to: undefined, userId: undefined, device: undefined, type: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(searchNow().get('page')).toBe('2'));
    expect(queriesOf(get, '/api/sos').at(-1)).toMatchObject({ page: 2, sort: 'startedAt', order: 'desc' });
    await userEvent.click(screen.getByRole('columnheader', { name: 'Close time' }));
    // A new sort starts on the first page again.
    await waitFor(() => expect(searchNow().toString()).toBe('sort=closedAt&order=asc'));
    expect(queriesOf(get, '/api/sos').at(-1)).toMatchObject({ page: 1, sort: 'closedAt', order: 'asc' });
  });

  it('reads the caller\'s own records with mine=1, without a member filter', async () => {
    const { get } = renderRecords(App, { url: `${BASE}/sos?mine=1&userId=4`, role: Role.Dispatcher, answers: { '/api/me/sos-records': page([sosRecord()]) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'My SOS records' })).toBeInTheDocument();
    await cellsOf(12);
    expect(queriesOf(get, '/api/sos')).toEqual([]);
    expect(queriesOf(get, '/api/me/sos-records')[0]).toMatchObject({ userId: undefined });
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Only my records' }));
    await waitFor(() => expect(searchNow().toString()).toBe(''));
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS records' })).toBeInTheDocument();
  });

  it('brings a new SOS to the top of an open first page from the bus, but leaves a later page alone', async () => {
    const { get, bus } = renderRecords(App, { url: `${BASE}/sos`, answers: sosAnswers(45) });
    await cellsOf(12);
    const frame = { kind: 'SosMsg', topic: 'msg/listen/ent/100001', data: { sosId: 14, uid: 21, account: 'member1', nickname: 'Member 1', lng: null, lat: null, device: null, deviceId: null, startedAt: '2026-11-28T11:00:00.000Z', closedAt: null, dispatcherId: null, state: 'open', ackedAt: null, ackedBy: null, escalatedAt: null } } as const;
    act(() => bus.publish('ws/ent', frame));
    await afterInvalidation();
    await waitFor(() => expect(queriesOf(get, '/api/sos')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesOf(get, '/api/sos')).toHaveLength(3));
    act(() => bus.publish('ws/ent', frame));
    await afterInvalidation();
    expect(queriesOf(get, '/api/sos')).toHaveLength(3);
  });

  it('speaks Chinese', async () => {
    renderRecords(App, { url: `${BASE}/sos`, answers: sosAnswers() });
    await cellsOf(12);
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: 'SOS 记录' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '关闭时间' })).toBeInTheDocument();
    expect((await cellsOf(12))[10]).toBe('1小时5分钟');
    expect((await cellsOf(13))[10]).toBe('尚未关闭');
  });
});
