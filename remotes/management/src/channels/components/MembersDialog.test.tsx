import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { chooseRowAction } from '../../core/test';
import { channel, member, queriesOf, renderChannels } from '../test/renderChannels';
import { MembersDialog } from './MembersDialog';

const one = member();
const boss = member({ userId: 3, account: 'dispatcher1', nickname: 'Dispatcher 1', role: Role.Dispatcher, level: 1, remark: 'night shift' });

function open(role: Role = Role.Admin) {
  return renderChannels(<MembersDialog channel={channel()} onClose={jest.fn()} />, { members: [boss, one], role });
}

async function rowOf(name: string) {
  return within(await screen.findByRole('row', { name: new RegExp(name) }));
}

describe('channel member list', () => {
  it('shows each member with role, level, remark and state, a page from the server', async () => {
    const { get } = open();
    const row = await rowOf('Dispatcher 1');
    expect(row.getByText('Dispatcher')).toBeInTheDocument();
    expect(row.getByText('night shift')).toBeInTheDocument();
    expect(row.getByText('Enabled')).toBeInTheDocument();
    expect(queriesOf(get, '/api/channels/11/members')[0]).toMatchObject({ page: 1, size: 20 });
  });

  it('disables a member at once', async () => {
    const { patch } = open();
    await chooseRowAction(await rowOf('Member 1'), 'Disable');
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/channels/11/members/21', { enabled: false }, expect.anything()));
  });

  it("edits a member's role, level and remark, checking the level first", async () => {
    const { patch } = open();
    await chooseRowAction(await rowOf('Member 1'), 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit member "Member 1"' });
    const level = await within(dialog).findByRole('spinbutton', { name: 'Level' });
    await userEvent.clear(level);
    await userEvent.type(level, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The level must be a whole number from 0 to 9')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await userEvent.clear(level);
    await userEvent.type(level, '3');
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Role in the channel' }), 'Dispatcher');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/channels/11/members/21', { role: 1, level: 3, remark: 'gate' }, expect.anything()));
  });

  it('removes a member after asking', async () => {
    const { del } = open();
    await chooseRowAction(await rowOf('Member 1'), 'Remove');
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove member' });
    expect(await within(confirm).findByText('Remove "Member 1" from "Security"?')).toBeInTheDocument();
    await userEvent.click(await within(confirm).findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/channels/11/members/21', undefined, expect.anything()));
  });

  it('offers no changes to a role that may not manage members', async () => {
    open(Role.User);
    const row = await rowOf('Member 1');
    expect(row.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add members' })).not.toBeInTheDocument();
  });
});
