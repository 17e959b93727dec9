import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queriesOf, refusal, renderChannels, user } from '../test/renderChannels';
import { AddMembersDialog } from './AddMembersDialog';

const one = user();
const two = user({ id: 22, account: 'member2', nickname: 'Member 2' });

function open() {
  const onAdded = jest.fn();
  const api = renderChannels(<AddMembersDialog channel={{ id: 11, name: 'Security' }} onClose={jest.fn()} onAdded={onAdded} />, { users: [one, two] });
  return { ...api, onAdded };
}

/** Types the name (which opens the list) and picks the person once the search has answered. */
async function choose(nickname: string) {
  await userEvent.type(screen.getByRole('combobox', { name: 'Members to add' }), nickname);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(nickname) }));
}

describe('add members dialog', () => {
  it('searches all users and adds the chosen ones in one request', async () => {
    const { post, get, onAdded } = open();
    post.mockResolvedValueOnce([]);
    const dialog = await screen.findByRole('dialog', { name: 'Add members to "Security"' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Members to add' }), 'Mem');
    await waitFor(() => expect(queriesOf(get, '/api/users')).toContainEqual(expect.objectContaining({ q: 'Mem' })));
    await userEvent.click(await screen.findByRole('option', { name: /Member 1/ }));
    await choose('Member 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/api/channels/11/members', { members: [{ userId: 21 }, { userId: 22 }] }, expect.anything());
  });

  it('asks for at least one person before sending', async () => {
    const { post } = open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please choose at least one user')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['rule.userAlreadyOnChannel', 'User already on the channel'],
    ['rule.memberAlreadyExists', 'Member already exists'],
  ])('shows the duplicate refusal %s on the field', async (key, words) => {
    const { post } = open();
    post.mockRejectedValueOnce(refusal(2000, key, { reason: key.slice(5), userIds: [21] }));
    const dialog = await screen.findByRole('dialog');
    await choose('Member 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // On the field, and under the person the server named.
    expect(await within(dialog).findAllByText(words)).toHaveLength(2);
    expect(within(dialog).getByRole('option', { name: `Remove Member 1 (${words})` })).toBeInTheDocument();
  });
});
