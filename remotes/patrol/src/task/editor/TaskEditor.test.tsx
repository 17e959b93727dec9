import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, location, node, page, renderPatrol, taskDetail, user } from '../../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../../core/test/mapStub'));

const URL = `${BASE}/task`;
const gate = node();
const store = node({ id: 2, name: 'Store', lng: 116.41, lat: 39.91 });
const yard = taskDetail();
const answers = { '/api/patrol/nodes': page([gate, store]), '/api/patrol/tasks/5': yard, '/api/users': page([user()]) };

afterEach(() => act(() => setLocale('en')));

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const save = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('task editor', () => {
  it("refuses a missing name and an empty route in the contracts' words, in both languages, before sending", async () => {
    const { post } = renderPatrol(`${URL}?edit=new`, { answers });
    expect(await screen.findByRole('heading', { level: 1, name: 'New task' })).toBeInTheDocument();
    await save('Create');
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Add at least one node to the route')).toBeInTheDocument();
    act(() => setLocale('zh'));
    await save('创建');
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(screen.getByText('请至少向路线添加一个节点')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('builds the route by clicking nodes on the map, reorders it, checks the planned times and creates the task', async () => {
    const { post } = renderPatrol(`${URL}?edit=new`, { answers });
    fill(await screen.findByRole('textbox', { name: /Name/ }), 'Yard round');
    const map = await screen.findByTestId('patrol-map-overlay');
    await userEvent.click(await within(map).findByRole('button', { name: 'Add Gate to the route' }));
    await userEvent.click(within(map).getByRole('button', { name: 'Add Store to the route' }));
    await userEvent.click(within(map).getByRole('button', { name: 'Add Gate to the route' }));
    const route = screen.getByRole('list', { name: 'Route' });
    expect(within(route).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Stop 1: Gate', 'Stop 2: Store', 'Stop 3: Gate']);
    expect(screen.getByTestId('route-line')).toHaveAttribute('data-stops', '3');
    expect(screen.getByRole('spinbutton', { name: /Late limit/ })).toHaveValue(15);
    // A planned time earlier than the one before is refused on the route; too late on its stop.
    fill(screen.getByRole('textbox', { name: 'Planned time of stop 2 (mm:ss after the start)' }), '20:00');
    await save('Create');
    expect(await screen.findByText('Planned times cannot go back along the route')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move stop 2 down' }));
    fill(screen.getByRole('textbox', { name: 'Planned time of stop 3 (mm:ss after the start)' }), '1500:00');
    await save('Create');
    expect(await within(screen.getByTestId('stop-2')).findByText('The planned time must be from 0 to 24 hours after the start')).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: 'Planned time of stop 3 (mm:ss after the start)' }), '120:00');
    fill(screen.getByRole('textbox', { name: 'Planned time of stop 2 (mm:ss after the start)' }), '10:30');
    await userEvent.click(screen.getByRole('switch', { name: 'Start on a weekly schedule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Every 30 min' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Add a user' }), 'Gu');
    await userEvent.click(await screen.findByRole('option', { name: /Guard 2/ }));
    post.mockResolvedValueOnce({ ...yard, id: 9 });
    await save('Create');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/patrol/tasks');
    expect(body).toMatchObject({
      name: 'Yard round',
      order: 'ordered',
      lateS: 900,
      route: [
        { nodeId: 1, offsetS: 0, toleranceS: 300 },
        { nodeId: 1, offsetS: 630, toleranceS: 300 },
        { nodeId: 2, offsetS: 7200, toleranceS: 300 },
      ],
      userIds: [22],
      channelIds: [],
    });
    expect((body.schedule as { days: number[]; starts: string[] }).days).toEqual([1, 2, 3, 4, 5, 6]);
    expect((body.schedule as { starts: string[] }).starts).toHaveLength(48);
    await waitFor(() => expect(location()).toBe(URL));
    expect(await screen.findByText('Task "Yard round" created')).toBeInTheDocument();
  });

  it('sends only what changed of a stored task, and its members through their own request', async () => {
    const { patch, put } = renderPatrol(`${URL}?edit=5`, { answers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit task Yard round' })).toBeInTheDocument();
    await save('Save');
    expect(await screen.findByText('Patrol information has not been modified')).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: 'Tolerance of stop 2 (mm:ss either side)' }), '02:00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Security' }));
    patch.mockResolvedValueOnce(yard);
    put.mockResolvedValueOnce(yard);
    await save('Save');
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/patrol/tasks/5', { route: [{ nodeId: 1, offsetS: 0, toleranceS: 300 }, { nodeId: 2, offsetS: 600, toleranceS: 120 }] }, expect.anything()),
    );
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/patrol/tasks/5/members', { userIds: [21], channelIds: [] }, expect.anything()));
    expect(await screen.findByText('Task "Yard round" saved')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    renderPatrol(`${URL}?edit=5`, { answers });
    fill(await screen.findByRole('textbox', { name: /Name/ }), 'Yard round 2');
    await userEvent.click(screen.getByRole('button', { name: 'Back to tasks' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe(`${URL}?edit=5`);
  });
});
