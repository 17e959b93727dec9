import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, ServerCode } from '@ptt/contracts';
import { DISPATCHER, refusal, renderUsers, user } from '../test/renderUsers';
import { AvatarDialog } from './AvatarDialog';
import { BlacklistDialog } from './BlacklistDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { DetailsDialog } from './DetailsDialog';
import { EditUserDialog } from './EditUserDialog';
import { ImportUsersDialog } from './ImportUsersDialog';
import { TagsDialog, tagsInput } from './TagsDialog';

const detail = { ...user(), channels: [{ id: 1, name: 'General' }], devices: [{ id: 5, name: 'Handset 5', imei: '860000000000005', platform: 'android' }] };

describe('user dialogs', () => {
  it('edit sends only what changed', async () => {
    const onSaved = jest.fn();
    const { patch } = renderUsers(<EditUserDialog user={user()} onClose={jest.fn()} onSaved={onSaved} />, { users: [DISPATCHER] });
    patch.mockResolvedValue(detail);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member 1' });
    const nickname = within(dialog).getByRole('textbox', { name: 'Nickname' });
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Member One');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith('/api/users/21', { nickname: 'Member One' }, expect.anything());
  });

  it('change role shows the last dispatcher refusal (2030)', async () => {
    const { patch } = renderUsers(<ChangeRoleDialog user={DISPATCHER} onClose={jest.fn()} onChanged={jest.fn()} />);
    patch.mockRejectedValue(refusal(ServerCode.DispatcherRequired, 'rule.dispatcherRequired'));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Dispatcher 1' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText('At least one dispatcher needed')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/api/users/3', { role: Role.User }, expect.anything());
  });

  it('delete asks, then shows a refusal without closing', async () => {
    const onDeleted = jest.fn();
    const { del } = renderUsers(<DeleteUserDialog user={DISPATCHER} onClose={jest.fn()} onDeleted={onDeleted} />);
    del.mockRejectedValue(refusal(ServerCode.DispatcherNotLockable, 'rule.dispatcherCannotDelete'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Dispatcher 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Dispatcher cannot delete')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('tags are typed comma-separated and checked like the server', async () => {
    expect(tagsInput(' a, b，c ,, ')).toEqual(['a', 'b', 'c']);
    const { put } = renderUsers(<TagsDialog user={user()} onClose={jest.fn()} onSaved={jest.fn()} />);
    put.mockResolvedValue(user({ tags: ['north', 'night'] }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of Member 1' });
    const field = within(dialog).getByRole('textbox', { name: 'Tags' });
    await userEvent.type(field, ', <b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    expect(await within(dialog).findByText('Tags are 1 to 20 characters without special characters')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'north, night');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/users/21/tags', { tags: ['north', 'night'] }, expect.anything()));
  });

  it('the blacklist lists who is blocked and removes them', async () => {
    const entry = { userId: 22, account: 'member2', nickname: 'Member 2', createdAt: '2026-01-05T08:00:00.000Z' };
    const { del } = renderUsers(<BlacklistDialog user={user()} onClose={jest.fn()} />, { answers: { '/api/users/21/blacklist': [entry] } });
    del.mockResolvedValue([]);
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist of Member 1' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Member 2 from the blacklist' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/users/21/blacklist/22', undefined, expect.anything()));
  });

  it('devices and channels of a member', async () => {
    renderUsers(<DetailsDialog user={user()} onClose={jest.fn()} />, { answers: { '/api/users/21': detail } });
    const dialog = await screen.findByRole('dialog', { name: 'Devices and channels of Member 1' });
    expect(await within(dialog).findByText('Handset 5')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Channels' })).getByText('General')).toBeInTheDocument();
  });

  it('avatar refuses a file that is not an image before uploading', async () => {
    const { upload } = renderUsers(<AvatarDialog user={user()} onClose={jest.fn()} onSaved={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Avatar of Member 1' });
    await userEvent.upload(within(dialog).getByLabelText(/^Image/), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await within(dialog).findByText('This type of file is not allowed')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });

  it('import uploads the sheet and lists each refused row with its reason', async () => {
    const { upload } = renderUsers(<ImportUsersDialog onClose={jest.fn()} />);
    upload.mockResolvedValue({ total: 2, created: 1, updated: 0, unchanged: 0, errors: [{ row: 3, field: 'nickname', message: 'validation.nicknameTooLong' }] });
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    await userEvent.upload(within(dialog).getByLabelText('Spreadsheet (xlsx)'), new File(['x'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('2 rows: 1 added, 0 changed, 0 unchanged, 1 refused')).toBeInTheDocument();
    const refused = within(within(dialog).getByRole('table', { name: 'Refused rows' }));
    expect(refused.getByText("User's name is too long, please re-enter")).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('/api/users/import', expect.any(FormData), expect.objectContaining({ onProgress: expect.any(Function) as unknown }));
  });
});
