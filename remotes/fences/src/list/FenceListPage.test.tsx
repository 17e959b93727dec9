import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FenceAction, Role } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { BASE, detail, fence, overlayFences, queriesOf, refusal, renderFences } from '../test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../test/mapStub'));

const depot = fence({ userCount: 3, channelCount: 1, insideCount: 2, dwellS: 90 });
const night = fence({ id: 8, name: 'Night yard', rule: 'stay', activeNow: false, schedule: [{ days: [1], start: '22:00', end: '06:00' }], shape: { type: 'circle', center: { lng: 116.4, lat: 39.9 }, radius: 250 } });
const stopped = fence({ id: 9, name: 'Old gate', enabled: false, activeNow: false });

afterEach(() => act(() => setLocale('en')));

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));

describe('fence list', () => {
  it('shows each fence with its state, type, dwell, members, channels and who is inside now', async () => {
    renderFences(BASE, { fences: [depot, night, stopped] });
    const row = await rowOf('Depot');
    expect(row.getAllByRole('cell').map((c) => c.textContent)).toEqual(['Depot', 'EnabledActive now', 'Leave', '1 min 30 s', '3', '1', '2', expect.any(String)]);
    expect((await rowOf('Night yard')).getByText('Outside schedule')).toBeInTheDocument();
    expect((await rowOf('Night yard')).getByText('Stay')).toBeInTheDocument();
    expect((await rowOf('Old gate')).getByText('Disabled')).toBeInTheDocument();
    expect((await rowOf('Old gate')).queryByText('Active now')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Inside now' })).toBeInTheDocument();
  });

  it('previews the first fence on one map, and the one whose map button is pressed', async () => {
    renderFences(BASE, { fences: [depot, night] });
    const preview = await screen.findByRole('complementary', { name: 'Map preview' });
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Depot' })).toBeInTheDocument());
    expect(overlayFences()).toEqual([depot]);
    await userEvent.click((await rowOf('Night yard')).getByRole('button', { name: 'Show Night yard on the map' }));
    expect(within(preview).getByRole('heading', { name: 'Night yard' })).toBeInTheDocument();
    expect(within(preview).getByText(/Circle, radius 250 m/)).toBeInTheDocument();
    expect(overlayFences()).toEqual([night]);
    expect((await rowOf('Night yard')).getByRole('button', { name: 'Show Night yard on the map' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks the server for the search and the filters', async () => {
    const { get } = renderFences(BASE, { fences: [depot] });
    await rowOf('Depot');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or id' }), 'dep');
    await waitFor(() => expect(queriesOf(get, '/api/fences').at(-1)).toMatchObject({ q: 'dep', page: 1 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'false');
    await waitFor(() => expect(queriesOf(get, '/api/fences').at(-1)).toMatchObject({ enabled: 'false' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'stay');
    await waitFor(() => expect(queriesOf(get, '/api/fences').at(-1)).toMatchObject({ rule: 'stay', enabled: 'false', q: 'dep' }));
  });

  it('disables and enables a fence from its row, and says why when refused', async () => {
    const { post } = renderFences(BASE, { fences: [depot, stopped], details: [detail()] });
    await userEvent.click((await rowOf('Depot')).getByRole('button', { name: 'More actions for Depot' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/fences/7/stop', undefined, expect.anything()));
    expect(await screen.findByText('Fence "Depot" disabled')).toBeInTheDocument();
    post.mockRejectedValueOnce(refusal(2012, 'serverCode.2012'));
    await userEvent.click((await rowOf('Old gate')).getByRole('button', { name: 'More actions for Old gate' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Enable' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/api/fences/9/start', undefined, expect.anything()));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByText('Fence "Old gate" enabled')).toBeNull();
  });

  it('deletes a fence only after the confirmation', async () => {
    const { del } = renderFences(BASE, { fences: [depot] });
    await userEvent.click((await rowOf('Depot')).getByRole('button', { name: 'More actions for Depot' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete fence' });
    expect(dialog).toHaveTextContent('Delete the fence "Depot"? Its alert records are kept.');
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/fences/7', undefined, expect.anything()));
    expect(await screen.findByText('Fence "Depot" deleted')).toBeInTheDocument();
  });

  it('goes to the editor for a new fence and for a row', async () => {
    renderFences(BASE, { fences: [depot] });
    await userEvent.click((await rowOf('Depot')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}/edit/7`);
  });

  it('offers New fence to staff and nothing to change to a plain member', async () => {
    renderFences(BASE, { fences: [depot], role: Role.User });
    const row = await rowOf('Depot');
    expect(row.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(row.getByRole('button', { name: 'Show Depot on the map' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New fence' })).toBeNull();
  });

  it("refetches when another console's FenceChange arrives on the bus", async () => {
    const { get, bus } = renderFences(BASE, { fences: [depot] });
    await rowOf('Depot');
    const before = queriesOf(get, '/api/fences').length;
    act(() => bus.publish('ws/fence', { kind: 'FenceChange', topic: 'dispatch/100001', data: { action: FenceAction.Update, fenceId: 7, fence: depot } } as never));
    await waitFor(() => expect(queriesOf(get, '/api/fences').length).toBeGreaterThan(before));
  });

  it('speaks Chinese', async () => {
    renderFences(BASE, { fences: [depot] });
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '电子围栏' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: '当前在内' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新建围栏' })).toBeInTheDocument();
    expect((await rowOf('Depot')).getByText('生效中')).toBeInTheDocument();
  });
});
