import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload, StartedTempChannel } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import type { MemberMarker } from '@ptt/map';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { NS, en, zh } from '../strings';
import { TempChannelDialog } from './TempChannelDialog';
import { useTempChannel } from './useTempChannel';

const SELF = 2;
const candidates: MemberMarker[] = [
  { uid: 5, name: 'Member One', status: 'online' },
  { uid: 6, name: 'Member Two', status: 'busy' },
  { uid: 7, name: 'Member Three', status: 'offline' },
];

function started(userIds: number[]): StartedTempChannel {
  const members = [SELF, ...userIds].map((uid) => ({ uid, account: `u${uid}`, nickname: candidates.find((c) => c.uid === uid)?.name ?? 'Dispatcher One' }));
  return { id: 40, chatId: '100001-2-40', createdBy: SELF, members, state: 'open', createdAt: '2025-01-01T08:00:00.000Z', closedAt: null, closedBy: null, skippedUserIds: [], replacedId: null };
}

const NONE: MemberMarker[] = [];

function Harness({ api, bus }: { api: ApiClient; bus: EventBus }) {
  const control = useTempChannel(api, bus, SELF);
  return <TempChannelDialog open candidates={control.active ? NONE : candidates} control={control} onClose={() => undefined} />;
}

function setup() {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const post = jest.fn((_path: string, body: { userIds: number[] }) => Promise.resolve(started(body.userIds)));
  const del = jest.fn(() => Promise.resolve({ ...started([5]), state: 'closed' }));
  const get = jest.fn(() => Promise.resolve([]));
  const api = { get, post, put: jest.fn(), del } as unknown as ApiClient;
  render(
    <FluentProvider theme={pttTheme}>
      <Harness api={api} bus={bus} />
    </FluentProvider>,
  );
  return { bus, post, del, get, notices };
}

describe('temporary channel dialog', () => {
  it('lists the members in the area ticked, calls the ones left ticked, then hangs up', async () => {
    const { post, del, get } = setup();
    expect(get).toHaveBeenCalledWith('/api/temp-channels/current', expect.anything());
    const dialog = screen.getByRole('dialog', { name: 'Temporary channel' });
    const two = within(dialog).getByRole('checkbox', { name: 'Member Two (Busy)' });
    expect(two).toBeChecked();
    await userEvent.click(two);
    expect(within(dialog).getByRole('checkbox', { name: 'All 3 members in the area' })).toBePartiallyChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Call' }));
    expect(post).toHaveBeenCalledWith('/api/temp-channels', { userIds: [5, 7] }, expect.anything());
    // No media room yet: it says connecting, never connected.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Connecting');
    const members = within(dialog).getByRole('list', { name: 'Members of the temporary channel' });
    expect(within(members).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dispatcher One', 'Member One', 'Member Three']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    expect(del).toHaveBeenCalledWith('/api/temp-channels/40', undefined, expect.anything());
    await within(dialog).findByRole('button', { name: 'Call' });
  });

  it('cannot call with nobody ticked', async () => {
    setup();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All 3 members in the area' }));
    expect(within(dialog).getByRole('button', { name: 'Call' })).toBeDisabled();
  });

  it('ends when another dispatcher hangs it up', async () => {
    const { bus, notices } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await screen.findByRole('button', { name: 'Hang up' });
    const frame = { tempChannelId: 40, chatId: '100001-2-40', state: 'closed', createdBy: SELF, closedBy: 3, members: [], createdAt: 'x', closedAt: 'y' };
    act(() => bus.publish('ws/user', { kind: 'Personal', data: frame, topic: 'msg/listen/user/100001/2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeInTheDocument());
    expect(notices).toContainEqual({ intent: 'info', key: 'dispatch:live.temp.endedElsewhere' });
  });
});
