import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { display } from '../test/fakes';
import { renderScreen } from '../test/renderScreen';

async function openDisplays(role: Role = Role.Admin) {
  const page = renderScreen({ role, displays: [display(1, { name: 'Control room wall' }), display(2, { name: 'Lobby wall', online: false, pairedAt: null, lastSeenAt: null })] });
  await userEvent.click(await screen.findByRole('button', { name: 'Displays' }));
  const dialog = screen.getByRole('dialog', { name: 'Displays' });
  await waitFor(() => expect(within(dialog).getAllByTestId('display-row')).toHaveLength(2));
  return { ...page, dialog };
}

/** A dialog by its title (role queries by name are slow over a dialog holding a table). */
async function dialogNamed(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog]')).find((d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() === name || d.textContent?.startsWith(name));
    if (!found) throw new Error(`no dialog ${name}`);
    return found;
  });
}

const rowOf = (dialog: HTMLElement, name: string) => within(dialog).getAllByTestId('display-row').find((r) => r.textContent?.includes(name))!;

describe('displays dialog', () => {
  it('lists the displays with their state, paired and last seen times', async () => {
    const { dialog } = await openDisplays();
    const wall = rowOf(dialog, 'Control room wall');
    expect(within(wall).getByTestId('display-status')).toHaveTextContent('Online');
    const lobby = rowOf(dialog, 'Lobby wall');
    expect(within(lobby).getByTestId('display-status')).toHaveTextContent('Offline');
    expect(lobby).toHaveTextContent('Waiting for the display');
    expect(lobby).toHaveTextContent('Never');
  });

  it('pairs a display by name and code, showing the server refusal on the code', async () => {
    const { dialog, post, get, state } = await openDisplays();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair a display' }));
    const pair = await dialogNamed('Pair a display');
    await userEvent.type(within(pair).getByLabelText(/^Name/), 'Hall');
    await userEvent.type(within(pair).getByLabelText(/^Pairing code/), '12345');
    await userEvent.click(within(pair).getByRole('button', { name: 'Pair' }));
    expect(within(pair).getByText('Enter the 6 digits the display shows')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(new ApiError(ServerCode.NotFound, 'rule.pairingCodeUnknown', 404, 'unknown', { reason: 'rule.pairingCodeUnknown' }));
    await userEvent.type(within(pair).getByLabelText(/^Pairing code/), '6');
    await userEvent.click(within(pair).getByRole('button', { name: 'Pair' }));
    expect(await within(pair).findByText('The pairing code is wrong or has expired')).toBeInTheDocument();

    post.mockResolvedValueOnce(display(3, { name: 'Hall' }));
    state.displays = [...state.displays, display(3, { name: 'Hall' })];
    const readsBefore = get.mock.calls.filter(([p]) => p === '/api/screen/displays').length;
    await userEvent.click(within(pair).getByRole('button', { name: 'Pair' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pair a display' })).toBeNull());
    expect(post).toHaveBeenLastCalledWith('/api/screen/displays', { name: 'Hall', code: '123456' }, expect.anything());
    await waitFor(() => expect(within(dialog).getAllByTestId('display-row')).toHaveLength(3));
    expect(get.mock.calls.filter(([p]) => p === '/api/screen/displays').length).toBeGreaterThan(readsBefore);
  });

  it('renames, lays out and revokes a display', async () => {
    const { dialog, put, del } = await openDisplays();
    const wall = rowOf(dialog, 'Control room wall');
    await userEvent.click(within(wall).getByRole('button', { name: 'Rename Control room wall' }));
    const rename = await dialogNamed('Rename Control room wall');
    await userEvent.clear(within(rename).getByLabelText(/^Name/));
    await userEvent.type(within(rename).getByLabelText(/^Name/), 'Wall A');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/screen/displays/1', { name: 'Wall A' }, expect.anything()));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Control room wall' })).toBeNull());
    await userEvent.click(await within(rowOf(dialog, 'Control room wall')).findByRole('button', { name: 'Layout of Control room wall' }));
    const layout = await dialogNamed('Layout of Control room wall');
    await userEvent.selectOptions(within(layout).getByLabelText('Place of Alerts'), 'off');
    await userEvent.click(within(layout).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenLastCalledWith('/api/screen/displays/1', { layout: { map: true, left: ['counts', 'sos'], right: ['activity'] } }, expect.anything()));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Layout of Control room wall' })).toBeNull());
    await userEvent.click(await within(rowOf(dialog, 'Control room wall')).findByRole('button', { name: /Revoke/ }));
    const confirm = await dialogNamed('Revoke Control room wall?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/screen/displays/1', undefined, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Control room wall?' })).toBeNull());
  });
});
