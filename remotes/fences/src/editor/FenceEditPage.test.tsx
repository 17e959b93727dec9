import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, channel, detail, lastLayer, refusal, renderFences, setStubCoord, user } from '../test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../test/mapStub'));

const triangle = { type: 'polygon' as const, points: [{ lng: 116.39, lat: 39.9 }, { lng: 116.41, lat: 39.9 }, { lng: 116.4, lat: 39.92 }] };
const depot = detail({ dwellS: 90, users: [{ uid: 21, account: 'member1', nickname: 'Member 1', enabled: true, linkedAt: '2026-01-05T08:00:00.000Z' }] });

afterEach(() => {
  setStubCoord('wgs84');
  act(() => setLocale('en'));
});

const save = (name = 'Save') => userEvent.click(screen.getByRole('button', { name }));
const nameBox = () => screen.getByRole('textbox', { name: /Name/ });

/** Types into a link picker and chooses the option. */
async function pick(label: string, text: string, option: RegExp): Promise<void> {
  await userEvent.type(screen.getByRole('combobox', { name: label }), text);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('a new fence', () => {
  it("refuses a missing or illegal name and a missing drawing in the spec's words, before sending", async () => {
    const { post } = renderFences(`${BASE}/edit/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New geofence' })).toBeInTheDocument();
    await save('Create');
    expect(await screen.findByText('Please enter the fence name')).toBeInTheDocument();
    expect(screen.getByText('Please draw correctly')).toBeInTheDocument();
    await userEvent.type(nameBox(), 'a<b>');
    await save('Create');
    expect(await screen.findByText('Illegal fence name')).toBeInTheDocument();
    await userEvent.clear(nameBox());
    await userEvent.type(nameBox(), 'x'.repeat(33));
    await save('Create');
    expect(await screen.findByText('The fence name is too long')).toBeInTheDocument();
    act(() => lastLayer().userDraws({ type: 'polygon', points: [{ lng: 179, lat: 10 }, { lng: -179, lat: 10 }, { lng: -179, lat: 11 }] }));
    await save('Create');
    expect(await screen.findByText('A fence cannot cross the 180th meridian or reach a pole')).toBeInTheDocument();
    act(() => lastLayer().userDraws({ type: 'circle', center: { lng: 116.4, lat: 39.9 }, radius: 500_000 }));
    await save('Create');
    expect(await screen.findByText('The fence range is not legal')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('creates it from the drawing on GCJ-02 tiles (coord 1), with a member and a channel, and goes back to the list', async () => {
    setStubCoord('gcj02');
    const { post, patch } = renderFences(`${BASE}/edit/new`, { users: [user()], channels: [channel()], details: [detail({ id: 30, name: 'North gate' })] });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'North gate');
    await userEvent.click(screen.getByRole('radio', { name: /^Stay/ }));
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Minutes' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Draw a polygon' }));
    expect(lastLayer().mode).toBe('polygon');
    act(() => lastLayer().userDraws(triangle));
    await pick('Add a member', 'Mem', /Member 1/);
    await pick('Link a channel', 'Sec', /Security/);
    // The channel's members are covered, but not with alerts yet: its switch goes off.
    await userEvent.click(screen.getByRole('switch', { name: 'Alerts for Security' }));
    await save('Create');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/fences',
        { name: 'North gate', rule: 'stay', shape: triangle, coord: 1, dwellS: 120, schedule: null, userIds: [21], channelIds: [11] },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/fences/30/channels/11', { enabled: false }, expect.anything()));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}$`)));
    expect(await screen.findByText('Fence "North gate" created')).toBeInTheDocument();
  });

  it('shows a taken name on the name field', async () => {
    const { post } = renderFences(`${BASE}/edit/new`);
    post.mockRejectedValueOnce(refusal(2000, 'rule.fenceNameExists'));
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Depot');
    act(() => lastLayer().userDraws(triangle));
    await save('Create');
    expect(await screen.findByText('The fence name already exists')).toBeInTheDocument();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/edit/new`);
  });
});

describe('the schedule', () => {
  it('adds weekly windows, refuses one without days on that window, and sends the days in order', async () => {
    const { post } = renderFences(`${BASE}/edit/new`);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Nights');
    act(() => lastLayer().userDraws(triangle));
    await userEvent.click(screen.getByRole('radio', { name: 'Only in these weekly windows' }));
    const first = screen.getByRole('group', { name: 'Window 1' });
    expect(within(first).getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: 'Sun' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add a window' }));
    const second = screen.getByRole('group', { name: 'Window 2' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await userEvent.click(within(second).getByRole('checkbox', { name: day }));
    await save('Create');
    expect(await within(second).findByText('Please set the schedule correctly: days and times HH:MM')).toBeInTheDocument();
    expect(within(first).queryByRole('alert')).toBeNull();
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Sat' }));
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Sun' }));
    const end = within(second).getByLabelText('End');
    await userEvent.clear(end);
    await userEvent.type(end, '06:00');
    await save('Create');
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/fences',
        expect.objectContaining({ schedule: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }, { days: [0, 6], start: '08:00', end: '06:00' }] }),
        expect.anything(),
      ),
    );
  });

  it('removing the last window is always active again', async () => {
    renderFences(`${BASE}/edit/new`);
    await userEvent.click(await screen.findByRole('radio', { name: 'Only in these weekly windows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove window 1' }));
    expect(screen.getByRole('radio', { name: 'Always active' })).toBeChecked();
    expect(screen.getByText(/Asia\/Shanghai/)).toBeInTheDocument();
  });
});

describe('a stored fence', () => {
  it("with nothing changed says 'Fence information has not been modified' without asking the server", async () => {
    const { patch } = renderFences(`${BASE}/edit/7`, { details: [depot] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit geofence Depot' })).toBeInTheDocument();
    await waitFor(() => expect(lastLayer().shown).toEqual(depot.shape));
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(1);
    await save();
    expect(await screen.findByText('Fence information has not been modified')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('sends only what changed and goes back to the list', async () => {
    const { patch } = renderFences(`${BASE}/edit/7`, { details: [depot] });
    const seconds = await screen.findByRole('spinbutton', { name: 'Seconds' });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '45');
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/fences/7', { dwellS: 105 }, expect.anything()));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}$`)));
  });

  it("shows the server's 'not modified' for a redrawn identical shape", async () => {
    const { patch } = renderFences(`${BASE}/edit/7`, { details: [depot] });
    await screen.findByRole('heading', { level: 1, name: 'Edit geofence Depot' });
    patch.mockRejectedValueOnce(refusal(2004, 'rule.fenceNotModified'));
    act(() => lastLayer().userDraws(triangle));
    await save();
    expect(await screen.findByText('Fence information has not been modified')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/api/fences/7', { shape: triangle, coord: 0 }, expect.anything());
  });

  it("changes links at once, and shows 'must be enabled before use' when the fence is stopped", async () => {
    const { post, patch, del } = renderFences(`${BASE}/edit/7`, { details: [depot], users: [user(), user({ id: 22, account: 'member2', nickname: 'Member 2' })] });
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Member 1 (member1)')).toBeInTheDocument();
    await userEvent.click(within(members).getByRole('switch', { name: 'Alerts for Member 1' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/fences/7/users/21', { enabled: false }, expect.anything()));
    await userEvent.click(within(members).getByRole('button', { name: 'Remove Member 1' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/fences/7/users/21', undefined, expect.anything()));
    post.mockRejectedValueOnce(refusal(2042, 'rule.fenceNotEnabled'));
    await pick('Add a member', 'Mem', /Member 2/);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/fences/7/users', { userIds: [22] }, expect.anything()));
    expect(await screen.findByText('The fence must be enabled before use')).toBeInTheDocument();
    // Link changes are saved already: the form itself has nothing to save.
    await save();
    expect(await screen.findByText('Fence information has not been modified')).toBeInTheDocument();
  });

  it('says so for an id that is not a fence', async () => {
    renderFences(`${BASE}/edit/99`);
    expect(await screen.findByText('This fence does not exist or was deleted.')).toBeInTheDocument();
  });
});

describe('leaving with unsaved changes', () => {
  const typeAndGoBack = async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), ' 2');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    return screen.findByRole('alertdialog', { name: 'Leave without saving?' });
  };

  // One dialog per test: Fluent's modal layer hides a second modal opened straight after the first in jsdom.
  it('asks first; Stay keeps the changes', async () => {
    renderFences(`${BASE}/edit/7`, { details: [depot] });
    await userEvent.click(within(await typeAndGoBack()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/edit/7`);
    expect(nameBox()).toHaveValue('Depot 2');
  });

  it('asks first; Leave goes', async () => {
    renderFences(`${BASE}/edit/7`, { details: [depot] });
    await userEvent.click(within(await typeAndGoBack()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}$`)));
  });

  it('leaves at once without changes', async () => {
    renderFences(`${BASE}/edit/7`, { details: [depot] });
    await screen.findByRole('heading', { level: 1, name: 'Edit geofence Depot' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${BASE}$`)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('a change from another console', () => {
  const update = (bus: { publish: (topic: 'ws/fence', event: never) => void }) =>
    act(() => bus.publish('ws/fence', { kind: 'FenceChange', topic: 'dispatch/100001', data: { action: 1, fenceId: 7, fence: null } } as never));

  it('is followed by an untouched editor', async () => {
    const details = [depot];
    const { bus } = renderFences(`${BASE}/edit/7`, { details });
    await screen.findByRole('heading', { level: 1, name: 'Edit geofence Depot' });
    details[0] = { ...depot, name: 'Depot North', dwellS: 30 };
    update(bus);
    await waitFor(() => expect(nameBox()).toHaveValue('Depot North'));
    expect(screen.getByRole('spinbutton', { name: 'Seconds' })).toHaveValue(30);
    expect(screen.queryByText(/changed on another console/)).toBeNull();
  });

  it('keeps what the user typed and says the fence changed', async () => {
    const details = [depot];
    const { bus } = renderFences(`${BASE}/edit/7`, { details });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), ' B');
    details[0] = { ...depot, dwellS: 30 };
    update(bus);
    expect(await screen.findByText(/This fence was changed on another console/)).toBeInTheDocument();
    expect(nameBox()).toHaveValue('Depot B');
  });
});
