import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, ServerCode } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { UsersPage } from './UsersPage';
import { DISPATCHER, queriesOf, refusal, renderUsers, user } from './test/renderUsers';

afterEach(() => act(() => setLocale('en')));

const rowOf = async (account: string) => within(await screen.findByTestId(`user-${account}`));

describe('users page', () => {
  it('lists users with their role, lock, dispatcher, counts, tags and live status', async () => {
    const { get, bus } = renderUsers(<UsersPage />, { users: [DISPATCHER, user()], presence: [{ uid: 3, status: 'busy' }] });
    const member = await rowOf('member1');
    expect(member.getAllByRole('cell').map((c) => c.textContent).slice(0, 10)).toEqual([
      'member1', 'Member 1', '21', 'User', 'Normal', 'Dispatcher 1', 'Offline', '1', '2', 'north',
    ]);
    expect(await screen.findByTestId('user-dispatcher1')).toHaveAttribute('data-status', 'busy');
    const lists = queriesOf(get, '/api/users').length;

    // A presence frame changes the status where it stands: no refetch of the list.
    act(() => bus.publish('ws/ent', { kind: 'OnLine', topic: 'msg/listen/ent/100001', data: { uid: 21, account: 'member1', nickname: 'Member 1', status: 'online' } }));
    await waitFor(() => expect(screen.getByTestId('user-member1')).toHaveAttribute('data-status', 'online'));
    expect(member.getByText('Online')).toBeInTheDocument();
    expect(queriesOf(get, '/api/users')).toHaveLength(lists);
  });

  it('sends the search and filters to the server', async () => {
    const general = { id: 7, name: 'General', createdAt: '2026-01-05T08:00:00.000Z', enabled: true, disbanded: false, disbandedAt: null, isEnterprise: false, memberCount: 9 };
    const { get } = renderUsers(<UsersPage />, { users: [user()], answers: { '/api/channels': { items: [general], total: 1 } } });
    await rowOf('member1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'General' }));
    await waitFor(() => expect(queriesOf(get, '/api/users').at(-1)).toMatchObject({ channelId: '7' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Dispatcher');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Online');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lock' }), 'Locked');
    await waitFor(() => expect(queriesOf(get, '/api/users').at(-1)).toMatchObject({ role: '1', online: 'true', locked: 'true', channelId: '7', page: 1 }));
  });

  it('offers a dispatcher only what a dispatcher may do', async () => {
    renderUsers(<UsersPage />, { users: [user()], role: Role.Dispatcher });
    const member = await rowOf('member1');
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(member.queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(member.getByRole('button', { name: 'More actions for Member 1' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Devices and channels', 'Location track']);
  });

  it('shows the refusal to lock a dispatcher in the spec\'s words, in Chinese too', async () => {
    const { post } = renderUsers(<UsersPage />, { users: [DISPATCHER] });
    post.mockRejectedValue(refusal(ServerCode.DispatcherNotLockable, 'rule.dispatcherNotLockable'));
    const row = await rowOf('dispatcher1');
    await userEvent.click(row.getByRole('button', { name: 'More actions for Dispatcher 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lock Dispatcher 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await within(dialog).findByText('Dispatcher is not allowed to lock or delete')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/users/3/lock', undefined, expect.anything());
    act(() => setLocale('zh'));
    await userEvent.click(within(dialog).getByRole('button', { name: '锁定' }));
    expect(await within(dialog).findByText('调度员不允许锁定或删除')).toBeInTheDocument();
  });

  it('refuses a too long nickname before asking the server', async () => {
    const { post } = renderUsers(<UsersPage />, { users: [user()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Account' }), 'new1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nickname' }), 'N'.repeat(33));
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText("User's name is too long, please re-enter")).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
