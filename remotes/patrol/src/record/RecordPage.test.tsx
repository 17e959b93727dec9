import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, checkin, page, queriesOf, renderPatrol, run, searchNow } from './test';

afterEach(() => act(() => setLocale('en')));

const RUNS = '/api/patrol/runs';
const CHECKINS = '/api/patrol/checkins';
const answers = {
  [RUNS]: page([run(), run({ id: 502, status: 'complete', onTime: 3, late: 0, missed: 0, flag: 'short' })]),
  [CHECKINS]: page([checkin(), checkin({ id: 902, node: { id: 3, name: 'Yard' }, method: 'gps', result: 'late', time: '2026-11-28T08:27:00.000Z' })]),
  '/api/patrol/tasks': page([{ id: 7, name: 'Yard round' }]),
  '/api/patrol/nodes': page([{ id: 3, name: 'Yard' }]),
};
const cells = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('cell').map((c) => c.textContent);

describe('patrol records', () => {
  it('lists runs with their results, duration flag and members', async () => {
    renderPatrol({ url: `${BASE}/record`, answers });
    await screen.findByTestId('patrol-run-501');
    // Selection, task, planned start, status, on time, early, late, missed, duration, members, replay.
    expect(cells('patrol-run-501').slice(1)).toEqual(['Yard round', expect.stringMatching(/2026|26/) as unknown, 'Incomplete', '1', '0', '1', '1', '—', 'Guard One (guard1)', '']);
    expect(cells('patrol-run-502').slice(3, 9)).toEqual(['Complete', '3', '0', '0', '0', 'Too short']);
    expect(screen.getByTestId('patrol-run-501')).toHaveAttribute('data-status', 'incomplete');
    act(() => setLocale('zh'));
    expect(await within(screen.getByTestId('patrol-run-502')).findByText('用时过短')).toBeInTheDocument();
  });

  it('puts run filters in the URL and the request', async () => {
    const { get } = renderPatrol({ url: `${BASE}/record?range=7d`, answers });
    await screen.findByTestId('patrol-run-501');
    const first = queriesOf(get, RUNS)[0]!;
    expect(first).toMatchObject({ page: 1, sort: 'plannedStart', order: 'desc', from: expect.any(String) as unknown, to: expect.any(String) as unknown });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Incomplete');
    await waitFor(() => expect(searchNow().toString()).toBe('range=7d&status=incomplete'));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Task' }), 'Yard round');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), 'Too long');
    await waitFor(() => expect(searchNow().toString()).toBe('range=7d&taskId=7&status=incomplete&flag=long'));
    await waitFor(() => expect(queriesOf(get, RUNS).at(-1)).toMatchObject({ taskId: '7', status: 'incomplete', flag: 'long', page: 1 }));
  });

  it('lists check-ins on their own tab, with their filters in the URL and the request', async () => {
    const { get } = renderPatrol({ url: `${BASE}/record`, answers });
    await screen.findByTestId('patrol-run-501');
    await userEvent.click(screen.getByRole('tab', { name: 'Check-ins' }));
    await screen.findByTestId('patrol-checkin-902');
    expect(searchNow().toString()).toBe('list=checkins');
    expect(cells('patrol-checkin-902').slice(1)).toEqual(['Guard One (guard1)', 'Yard', 'Yard round', expect.stringMatching(/2026|26/) as unknown, 'GPS', 'Late']);
    expect(screen.getByTestId('patrol-checkin-902')).toHaveAttribute('data-result', 'late');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'QR code');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'On time');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Node' }), 'Yard');
    await waitFor(() => expect(searchNow().toString()).toBe('list=checkins&nodeId=3&method=qr&result=onTime'));
    await waitFor(() => expect(queriesOf(get, CHECKINS).at(-1)).toMatchObject({ nodeId: '3', method: 'qr', result: 'onTime', sort: 'time' }));
  });
});
