import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, ServerCode } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { chooseRowAction, offeredRowActions } from '../core/test';
import { DevicesPage } from './DevicesPage';
import { device, fresh, refusal, renderDevices, user } from './test/renderDevices';

const bound = device();
const inactive = fresh({ id: 2, name: 'Spare 02' });
const cancelled = device({ id: 3, name: 'Returned 03', user: null });

afterEach(() => act(() => setLocale('en')));

async function rowOf(name: string) {
  const cell = await screen.findByRole('cell', { name });
  return within(cell.closest('tr')!);
}

async function chooseAccount(dialog: HTMLElement, account: string) {
  await userEvent.click(within(dialog).getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(account) }));
}

describe('devices page', () => {
  it('lists devices with their state, presence and the actions each state allows', async () => {
    renderDevices(<DevicesPage />, { devices: [bound, inactive, cancelled] });
    const first = await rowOf('Handset 01');
    expect(first.getByText('member1 (Member 1)')).toBeInTheDocument();
    expect(await first.findByText('Online')).toBeInTheDocument();
    // Details is the row's own button; the state's account actions and the rest are in its menu.
    expect(first.getByRole('button', { name: 'Details' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Cancel account' })).toBeNull();
    expect(await offeredRowActions(first)).toEqual(['Details', 'Log', 'Cancel account', 'Edit', 'Set disabled', 'Delete']);
    const spare = await rowOf('Spare 02');
    expect(spare.getByText('Inactive')).toBeInTheDocument();
    expect(await offeredRowActions(spare)).toEqual(['Details', 'Log', 'First activate', 'Edit', 'Set disabled', 'Delete']);
    const returned = await rowOf('Returned 03');
    expect(await offeredRowActions(returned)).toEqual(['Details', 'Log', 'Re-activate', 'Assign account', 'Edit', 'Set disabled', 'Delete']);
    // An inactive device on the page: the spec's client message.
    expect(screen.getByText('Some devices need activation')).toBeInTheDocument();
  });

  it('offers a dispatcher nothing it may not do', async () => {
    renderDevices(<DevicesPage />, { devices: [bound, inactive], role: Role.Dispatcher });
    const spare = await rowOf('Spare 02');
    expect(await offeredRowActions(spare)).toEqual(['Details', 'Log']);
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batch activate' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('refuses a name too long before sending and shows "Device already exists" from the server', async () => {
    const { post } = renderDevices(<DevicesPage />, { devices: [bound] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add device' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'x'.repeat(33));
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('The device name is too long')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(refusal(ServerCode.AlreadyExists, 'rule.deviceExists'));
    await userEvent.clear(dialog.getByRole('textbox', { name: /Name/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'Spare 09');
    await userEvent.type(dialog.getByRole('textbox', { name: /IMEI/ }), '352099000000017');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Device already exists')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/devices', { name: 'Spare 09', platform: 'android', imei: '352099000000017' }, expect.anything());
  });

  it('first activation: UID required without a choice, the 2036 refusal in its words', async () => {
    const { post } = renderDevices(<DevicesPage />, { devices: [inactive], users: [user()] });
    await chooseRowAction(await rowOf('Spare 02'), 'First activate');
    const surface = await screen.findByRole('dialog', { name: 'First activate Spare 02' });
    const dialog = within(surface);
    await userEvent.click(dialog.getByRole('button', { name: 'Activate' }));
    expect(await dialog.findByText('UID required')).toBeInTheDocument();

    post.mockRejectedValueOnce(refusal(ServerCode.BoundToOtherDevice, 'rule.accountBoundToOtherDevice'));
    await chooseAccount(surface, 'member1');
    await userEvent.click(dialog.getByRole('button', { name: 'Activate' }));
    expect(await dialog.findByText('The account is already bound to another device')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/devices/2/activate', { uid: 21 }, expect.anything());
  });

  it('batch activation with nothing chosen is refused, in Chinese too', async () => {
    renderDevices(<DevicesPage />, { devices: [inactive] });
    await userEvent.click(await screen.findByRole('button', { name: 'Batch activate' }));
    expect(await screen.findByText('Please choose at least one device')).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(screen.getByRole('heading', { level: 1, name: '设备' })).toBeInTheDocument();
    expect(await screen.findByText('请至少选择一台设备')).toBeInTheDocument();
  });

  it('batch activation runs device by device and says which succeeded and which were refused', async () => {
    const other = fresh({ id: 4, name: 'Spare 04' });
    const { post } = renderDevices(<DevicesPage />, { devices: [inactive, other, bound], users: [user(), user({ id: 22, account: 'member2', nickname: 'Member 2' })] });
    post.mockImplementation((path: string, body?: unknown) => {
      const [item] = (body as { items: { deviceId: number; uid: number }[] }).items;
      const ok = item!.deviceId === 2;
      return Promise.resolve({
        activated: ok ? 1 : 0,
        failed: ok ? 0 : 1,
        results: [{ ...item, ok, code: ok ? 0 : 2036, reason: ok ? null : 'rule.accountBoundToOtherDevice', msg: ok ? 'success' : 'bound' }],
      });
    });
    await userEvent.click((await rowOf('Spare 02')).getByRole('checkbox'));
    await userEvent.click((await rowOf('Spare 04')).getByRole('checkbox'));
    await userEvent.click((await rowOf('Handset 01')).getByRole('checkbox'));
    expect(screen.getByText('2 of the selected devices are inactive.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Batch activate' }));
    const form = within(await screen.findByRole('dialog', { name: 'Batch activate' }));
    expect(form.getByText(/1 selected device was activated before/)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Activate 2' }));
    expect(await form.findAllByText('UID required')).toHaveLength(2);

    await userEvent.click(form.getByRole('combobox', { name: 'Account for Spare 02' }));
    await userEvent.click(await screen.findByRole('option', { name: /member1/ }));
    await userEvent.click(form.getByRole('combobox', { name: 'Account for Spare 04' }));
    await userEvent.click(await screen.findByRole('option', { name: /member2/ }));
    await userEvent.click(form.getByRole('button', { name: 'Activate 2' }));

    // Found by text: jsdom's modalizer may still hide the new surface while the form's leaves.
    const summary = await screen.findByText('1 activated, 1 refused.', {}, { timeout: 5000 });
    const progress = within(summary.closest<HTMLElement>('[role="alertdialog"]')!);
    expect(progress.getByText('Activating devices')).toBeInTheDocument();
    expect(progress.getByText('Activated').nextElementSibling).toHaveTextContent('Spare 02');
    expect(progress.getByText('Spare 04: The account is already bound to another device')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenNthCalledWith(1, '/api/devices/batch-activate', { items: [{ deviceId: 2, uid: 21 }] }, expect.anything());
    expect(post).toHaveBeenNthCalledWith(2, '/api/devices/batch-activate', { items: [{ deviceId: 4, uid: 22 }] }, expect.anything());
  });

  it('shows the monitor info in the details dialog', async () => {
    const info = { deviceId: 1, userId: 21, model: 'X5', phone: '+86 138 0000 0000', lastOnline: '2026-01-02T03:04:05.000Z', online: true };
    renderDevices(<DevicesPage />, { devices: [bound], info });
    await userEvent.click((await rowOf('Handset 01')).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Details of Handset 01' }));
    expect(await dialog.findByText('X5')).toBeInTheDocument();
    expect(dialog.getByText('+86 138 0000 0000')).toBeInTheDocument();
    expect(dialog.getByText('User ID').nextSibling).toHaveTextContent('21');
    expect(dialog.getByText('Device model')).toBeInTheDocument();
  });
});

describe('devices page presence', () => {
  it('follows OnLine and Logout frames without refetching the list', async () => {
    const { get, bus } = renderDevices(<DevicesPage />, { devices: [bound] });
    const first = await rowOf('Handset 01');
    expect(await first.findByText('Online')).toBeInTheDocument();
    const lists = get.mock.calls.filter(([path]) => path === '/api/devices').length;
    act(() => bus.publish('ws/ent', { kind: 'Logout', data: { uid: 21, status: 'offline' }, topic: 'ent' } as never));
    expect(await first.findByText('Offline')).toBeInTheDocument();
    expect(get.mock.calls.filter(([path]) => path === '/api/devices')).toHaveLength(lists);
  });
});
