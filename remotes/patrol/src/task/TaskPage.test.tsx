import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, location, page, refusal, renderPatrol, task } from '../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../core/test/mapStub'));

const URL = `${BASE}/task`;
const yard = task();
const night = task({ id: 6, name: 'Night tour', order: 'free', schedule: null, nextStart: null, enabled: false, plannedS: 3900, userCount: 0, channelCount: 2 });
const answers = { '/api/patrol/tasks': page([yard, night]) };

afterEach(() => act(() => setLocale('en')));

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));

describe('task list', () => {
  it('shows each task with its order, stops, planned span, schedule, next start, members and state', async () => {
    renderPatrol(URL, { answers });
    const row = await rowOf('Yard round');
    expect(row.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Yard round', 'Ordered', '2', '10 min', 'Mon–Fri 08:00, 12:00', expect.any(String), '2 users, 1 channels', 'Enabled', expect.any(String)]);
    const other = await rowOf('Night tour');
    expect(other.getByText('Any order')).toBeInTheDocument();
    expect(other.getByText('1 h 5 min')).toBeInTheDocument();
    expect(other.getByText('Started by hand only')).toBeInTheDocument();
    expect(other.getByRole('button', { name: 'Start now' })).toBeDisabled();
  });

  it('starts a run now, and shows a refusal in the rule’s words', async () => {
    const { post } = renderPatrol(URL, { answers });
    post.mockRejectedValueOnce(refusal(2000, 'rule.patrolRunActive'));
    await userEvent.click((await rowOf('Yard round')).getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/patrol/tasks/5/start', undefined, expect.anything()));
    expect(await screen.findByText('A run of this task is already under way')).toBeInTheDocument();
    post.mockResolvedValueOnce(null);
    await userEvent.click((await rowOf('Yard round')).getByRole('button', { name: 'Start now' }));
    expect(await screen.findByText('A run of "Yard round" has started')).toBeInTheDocument();
  });

  it('enables a task from its menu and deletes one only after the confirmation', async () => {
    const { patch, del } = renderPatrol(URL, { answers });
    await userEvent.click((await rowOf('Night tour')).getByRole('button', { name: 'More actions for Night tour' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Enable' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/patrol/tasks/6', { enabled: true }, expect.anything()));
    await userEvent.click((await rowOf('Yard round')).getByRole('button', { name: 'More actions for Yard round' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete task' });
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/patrol/tasks/5', undefined, expect.anything()));
    expect(await screen.findByText('Task "Yard round" deleted')).toBeInTheDocument();
  });

  it('opens the editor of a row inside the section, and speaks Chinese', async () => {
    renderPatrol(URL, { answers });
    act(() => setLocale('zh'));
    expect(await screen.findByRole('columnheader', { name: '下次开始' })).toBeInTheDocument();
    expect((await rowOf('Night tour')).getByText('仅手动开始')).toBeInTheDocument();
    await userEvent.click((await rowOf('Yard round')).getByRole('button', { name: '编辑' }));
    expect(location()).toBe(`${URL}?edit=5`);
  });
});
