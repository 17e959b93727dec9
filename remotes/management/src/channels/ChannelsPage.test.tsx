import { act, screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { chooseRowAction, offeredRowActions } from '../core/test';
import { ChannelsPage } from './ChannelsPage';
import { channel, queriesOf, refusal, renderChannels } from './test/renderChannels';

const security = channel();
const general = channel({ id: 10, name: 'General', isEnterprise: true, memberCount: 42 });
const paused = channel({ id: 12, name: 'Logistics', enabled: false });
const gone = channel({ id: 13, name: 'Old', disbanded: true, disbandedAt: '2026-01-06T08:00:00.000Z', memberCount: 0 });

afterEach(() => act(() => setLocale('en')));

type Row = BoundFunctions<typeof queries>;

async function rowOf(name: string): Promise<Row> {
  return within(await screen.findByRole('row', { name: new RegExp(name) }));
}

describe('channels page', () => {
  it('lists channels with their state and member count, and offers what each state allows', async () => {
    renderChannels(<ChannelsPage />, { channels: [general, security, paused, gone] });
    const enterprise = await rowOf('General');
    expect(enterprise.getByText('Enterprise channel')).toBeInTheDocument();
    expect(enterprise.getByText('42')).toBeInTheDocument();
    // Members is the row's own button; the rest are in its menu.
    expect((await rowOf('Security')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Members', '']);
    expect(await offeredRowActions(await rowOf('Security'))).toEqual(['Members', 'Add members', 'Edit', 'Suspend', 'Disband', 'Delete']);
    expect((await rowOf('Logistics')).getByText('Suspended')).toBeInTheDocument();
    expect(await offeredRowActions(await rowOf('Logistics'))).toContain('Resume');
    expect(await offeredRowActions(await rowOf('Old'))).toEqual(['Delete']);
    expect(screen.getByRole('button', { name: 'Add channel' })).toBeInTheDocument();
  });

  it('hides what a dispatcher may not do', async () => {
    renderChannels(<ChannelsPage />, { channels: [security], role: Role.Dispatcher });
    expect(await offeredRowActions(await rowOf('Security'))).toEqual(['Members', 'Add members', 'Suspend']);
    expect(screen.queryByRole('button', { name: 'Add channel' })).not.toBeInTheDocument();
  });

  it('asks the server for the chosen state', async () => {
    const { get } = renderChannels(<ChannelsPage />, { channels: [security] });
    await rowOf('Security');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'suspended');
    await waitFor(() => expect(queriesOf(get, '/api/channels').at(-1)).toMatchObject({ enabled: 'false', page: 1 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'disbanded');
    await waitFor(() => expect(queriesOf(get, '/api/channels').at(-1)).toMatchObject({ disbanded: 'true' }));
  });

  it("refuses an empty, too long or illegal name in the spec's words before sending", async () => {
    const { post } = renderChannels(<ChannelsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add channel' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(await within(dialog).findByText("Please enter a new channel's name")).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Channel name/ });
    await userEvent.type(name, 'x'.repeat(33));
    await userEvent.click(save);
    expect(await within(dialog).findByText('The channel name is too long')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'a<b>');
    await userEvent.click(save);
    expect(await within(dialog).findByText('Illegal channel name')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('adds a channel and shows a taken name on the name field', async () => {
    const { post } = renderChannels(<ChannelsPage />);
    post.mockRejectedValueOnce(refusal(2000, 'rule.channelNameExists'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add channel' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Channel name/ }), 'Night shift');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The channel name already exists')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/channels', { name: 'Night shift' }, expect.anything());
  });

  it('edits the name and the state: a rename and a suspend, only what changed', async () => {
    const { patch, post } = renderChannels(<ChannelsPage />, { channels: [security] });
    await chooseRowAction(await rowOf('Security'), 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit channel' });
    const name = await within(dialog).findByRole('textbox', { name: /Channel name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Security B');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'State' }), 'Suspended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Channel "Security B" saved')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/api/channels/11', { name: 'Security B' }, expect.anything());
    expect(post).toHaveBeenCalledWith('/api/channels/11/suspend', undefined, expect.anything());
  });

  it('suspends at once and resumes', async () => {
    const { post } = renderChannels(<ChannelsPage />, { channels: [security, paused] });
    await chooseRowAction(await rowOf('Security'), 'Suspend');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/channels/11/suspend', undefined, expect.anything()));
    await chooseRowAction(await rowOf('Logistics'), 'Resume');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/channels/12/resume', undefined, expect.anything()));
  });

  it('deletes only once the name is typed, and says why the enterprise channel stays (2017)', async () => {
    const { del } = renderChannels(<ChannelsPage />, { channels: [general] });
    del.mockRejectedValueOnce(refusal(2017, 'rule.enterpriseChannelNotDeletable'));
    await chooseRowAction(await rowOf('General'), 'Delete');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete channel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type General to confirm' }), 'General');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('The enterprise channel cannot be deleted')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/api/channels/10', undefined, expect.anything());
  });

  it('disbands after asking', async () => {
    const { post } = renderChannels(<ChannelsPage />, { channels: [security] });
    await chooseRowAction(await rowOf('Security'), 'Disband');
    const dialog = await screen.findByRole('alertdialog', { name: 'Disband channel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disband' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/channels/11/disband', undefined, expect.anything()));
    expect(await screen.findByText('Channel "Security" disbanded')).toBeInTheDocument();
  });

  it('speaks Chinese: heading and an empty name', async () => {
    renderChannels(<ChannelsPage />);
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '频道' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '添加频道' }));
    const dialog = await screen.findByRole('dialog', { name: '添加频道' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入新频道名称')).toBeInTheDocument();
  });
});
