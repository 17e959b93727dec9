import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StartedTempChannel, TempChannel } from '@ptt/contracts';
import { useConsole } from '../core';
import { session } from '../core/test';
import type { CreateMediaClient } from '../ptt';
import { floor, frame } from '../ptt/test';
import { posted, renderTempRoom, tempFrame, userFrame } from '../tempRoom/test';
import type { MemberMarker } from '@ptt/map';
import { TempChannelDialog } from './TempChannelDialog';
import { useTempChannel } from './useTempChannel';

const SELF = 3;
const CHAT = '100001-2-40';
const candidates: MemberMarker[] = [
  { uid: 5, name: 'Member One', status: 'online' },
  { uid: 6, name: 'Member Two', status: 'busy' },
  { uid: 7, name: 'Member Three', status: 'offline' },
];

function channel(userIds: number[]): TempChannel {
  const members = [SELF, ...userIds].map((uid) => ({ uid, account: `u${uid}`, nickname: candidates.find((c) => c.uid === uid)?.name ?? 'Dispatcher One' }));
  return { id: 40, chatId: CHAT, createdBy: SELF, members, state: 'open', createdAt: '2025-01-01T08:00:00.000Z', closedAt: null, closedBy: null };
}

const started = (userIds: number[]): StartedTempChannel => ({ ...channel(userIds), skippedUserIds: [], replacedId: null });

const NONE: MemberMarker[] = [];

function Harness({ create }: { create: CreateMediaClient }) {
  const { api, bus } = useConsole();
  const control = useTempChannel(api, bus, SELF, create);
  return <TempChannelDialog open candidates={control.active ? NONE : candidates} control={control} onClose={() => undefined} />;
}

function setup(routes = {}) {
  const order: string[] = [];
  const s = renderTempRoom((create) => <Harness create={create} />, {
    'GET /api/temp-channels/current': () => [],
    'POST /api/temp-channels': (body) => started((body as { userIds: number[] }).userIds),
    'DELETE /api/temp-channels/40': () => {
      // Whether the room was already left when the hang-up reached the server.
      order.push(s.media.rooms.every((r) => r.left) ? 'left, then DELETE' : 'DELETE while in the room');
      return { ...channel([5]), state: 'closed', closedAt: '2025-01-01T08:05:00.000Z', closedBy: SELF };
    },
    'POST /api/ptt/floor': () => floor({ uid: SELF, nickname: 'Dispatcher One' }, CHAT),
    ...routes,
  }, session({ id: SELF }));
  return { ...s, order };
}

const dialog = () => screen.getByRole('dialog', { name: 'Temporary channel' });
const roomState = () => within(dialog()).getByTestId('temp-room-state');

async function call(s: ReturnType<typeof setup>) {
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Call' }));
  await waitFor(() => expect(s.media.rooms).toHaveLength(1));
  return s.media.last();
}

describe('temporary channel dialog', () => {
  it('lists the members in the area ticked, calls the ones left ticked, joins the room, then hangs up and leaves it', async () => {
    const s = setup();
    expect(s.api.calls.some((c) => c.method === 'GET' && c.path === '/api/temp-channels/current')).toBe(true);
    const two = within(dialog()).getByRole('checkbox', { name: 'Member Two (Busy)' });
    expect(two).toBeChecked();
    await userEvent.click(two);
    expect(within(dialog()).getByRole('checkbox', { name: 'All 3 members in the area' })).toBePartiallyChecked();

    const room = await call(s);
    expect(posted(s.api, '/api/temp-channels')).toEqual([{ userIds: [5, 7] }]);
    expect(room.chatId).toBe(CHAT);
    expect(s.media.clients.at(-1)).toMatchObject({ janusPath: '/janus', token: 'token' });
    expect(roomState()).toHaveTextContent('Room: Connecting');
    room.set('connected');
    expect(roomState()).toHaveTextContent('Room: Connected');
    const members = within(dialog()).getByRole('list', { name: 'Members of the temporary channel' });
    expect(within(members).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dispatcher One', 'Member One', 'Member Three']);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(s.order).toEqual(['left, then DELETE']));
    expect(room.left).toBe(true);
    await waitFor(() => expect(roomState()).toHaveAttribute('data-state', 'disconnected'));
    expect(roomState()).toHaveTextContent('Room: Disconnected');
    expect(dialog()).toHaveTextContent('You hung up the temporary channel and left its room.');
    expect(within(dialog()).getByRole('button', { name: 'Call' })).toBeInTheDocument();
    expect(s.media.rooms).toHaveLength(1);
  });

  it('cannot call with nobody ticked', async () => {
    setup();
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'All 3 members in the area' }));
    expect(within(dialog()).getByRole('button', { name: 'Call' })).toBeDisabled();
  });

  it('shows failed when the join gives up', async () => {
    const s = setup();
    const room = await call(s);
    room.set('notConnected');
    expect(roomState()).toHaveTextContent('Room: Failed');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('PTT intercom cannot connect');
  });

  it('without a media server the room fails without a join', async () => {
    const s = setup({ 'GET /api/ptt/media': () => ({ available: false, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' }) });
    await waitFor(() => expect(s.store.getState().ptt.media?.available).toBe(false));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(roomState()).toHaveAttribute('data-state', 'failed'));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('PTT intercom cannot connect');
    expect(s.media.rooms).toHaveLength(0);
  });

  it('holding PTT talks in the temporary channel with the press-time rule, and shows who talks', async () => {
    const s = setup();
    const room = await call(s);
    room.set('connected');
    const ptt = within(dialog()).getByRole('button', { name: 'PTT in the temporary channel' });
    const now = jest.spyOn(performance, 'now').mockReturnValue(1000);
    fireEvent.pointerDown(ptt, { button: 0, pointerId: 1 });
    await waitFor(() => expect(ptt).toHaveAttribute('aria-pressed', 'true'));
    expect(posted(s.api, '/api/ptt/floor')).toEqual([{ chatId: CHAT, maxDurationS: 45 }]);
    expect(room.transmitting).toBe(true);
    expect(within(dialog()).getByTestId('temp-room-talker')).toHaveTextContent('You are talking');
    now.mockReturnValue(1100); // under the 300 ms press time: not kept
    fireEvent.pointerUp(ptt, { button: 0, pointerId: 1 });
    expect(room.transmitting).toBe(false);
    await waitFor(() => expect(posted(s.api, '/api/ptt/floor/release')).toEqual([{ chatId: CHAT, discard: true }]));
    now.mockRestore();
    act(() => s.bus.publish('ws/ptt', frame('granted', { uid: 5, nickname: 'Member One' }, null, CHAT)));
    expect(within(dialog()).getByTestId('temp-room-talker')).toHaveTextContent('Member One is talking');
    // Staff may talk over them.
    expect(within(dialog()).getByRole('button', { name: 'Force insert in the temporary channel' })).toBeInTheDocument();
  });

  it('ends and leaves the room when another dispatcher hangs it up', async () => {
    const s = setup();
    const room = await call(s);
    room.set('connected');
    userFrame(s.bus, tempFrame(channel([5]), 8), SELF);
    expect(room.left).toBe(true);
    await waitFor(() => expect(roomState()).toHaveAttribute('data-state', 'disconnected'));
    expect(dialog()).toHaveTextContent('The temporary channel was hung up.');
    expect(s.notes).toContainEqual({ intent: 'info', key: 'dispatch:live.temp.endedElsewhere' });
    expect(posted(s.api, '/api/ptt/floor/release')).toEqual([]);
  });

  it('after a reload it is back in the room of the one it started', async () => {
    const s = setup({ 'GET /api/temp-channels/current': () => [channel([5])] });
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    expect(s.media.last().chatId).toBe(CHAT);
    expect(within(dialog()).getByRole('button', { name: 'Hang up' })).toBeInTheDocument();
  });
});
