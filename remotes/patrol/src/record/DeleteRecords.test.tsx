import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { BASE, checkin, page, queriesOf, renderPatrol, run } from './test';

const RUNS = '/api/patrol/runs';
const CHECKINS = '/api/patrol/checkins';
const DELETE = '/api/patrol/records/delete';
const answers = {
  [RUNS]: page([run(), run({ id: 502, status: 'complete', onTime: 3, late: 0, missed: 0, flag: 'short' })]),
  [CHECKINS]: page([checkin(), checkin({ id: 902, node: { id: 3, name: 'Yard' }, method: 'gps', result: 'late', time: '2026-11-28T08:27:00.000Z' })]),
  '/api/patrol/tasks': page([{ id: 7, name: 'Yard round' }]),
  '/api/patrol/nodes': page([{ id: 3, name: 'Yard' }]),
};

describe('patrol record deletion', () => {
  it('deletes the selected runs only after asking', async () => {
    const { post, get } = renderPatrol({ url: `${BASE}/record`, answers });
    await screen.findByTestId('patrol-run-501');
    const asked = queriesOf(get, RUNS).length;
    await userEvent.click(within(screen.getByTestId('patrol-run-501')).getByRole('checkbox'));
    await userEvent.click(within(screen.getByTestId('patrol-run-502')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 runs?' });
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(DELETE, { runIds: [501, 502] }, expect.anything()));
    expect(await screen.findByTestId('patrol-records-deleted')).toHaveTextContent('2 records deleted.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The list is asked again without them.
    await waitFor(() => expect(queriesOf(get, RUNS).length).toBeGreaterThan(asked));
  });

  it('keeps check-ins when the question is cancelled', async () => {
    const { post } = renderPatrol({ url: `${BASE}/record?list=checkins`, answers });
    await screen.findByTestId('patrol-checkin-901');
    await userEvent.click(within(screen.getByTestId('patrol-checkin-901')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 1 check-in?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('offers a dispatcher no deletion', async () => {
    renderPatrol({ url: `${BASE}/record`, answers, role: Role.Dispatcher });
    await screen.findByTestId('patrol-run-501');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(screen.getByTestId('patrol-run-501')).queryByRole('checkbox')).toBeNull();
  });
});
