import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { floor, frame } from '../ptt/test';
import { TempRooms } from './TempRooms';
import { DISPATCHER_2, MEMBER_1, posted, renderTempRoom, tempChannel, tempFrame, userFrame } from './test/tempRoomTest';

const ME = { uid: 3, account: 'dispatcher1', nickname: 'Dispatcher 1' };
const FIRST = tempChannel(40, DISPATCHER_2, [ME, MEMBER_1]);
const CHAT = FIRST.chatId;
const card = (name = 'Dispatcher 2') => screen.getByRole('region', { name: `Temporary channel of ${name}` });
const roomState = (el: HTMLElement) => within(el).getByTestId('temp-room-state');
const down = (el: HTMLElement) => fireEvent.pointerDown(el, { button: 0, pointerId: 1 });
const up = (el: HTMLElement) => fireEvent.pointerUp(el, { button: 0, pointerId: 1 });

afterEach(() => act(() => setLocale('en')));

function setup(current = [FIRST], routes = {}) {
  return renderTempRoom((create) => <TempRooms createClient={create} />, {
    'GET /api/temp-channels/current': () => current,
    'POST /api/ptt/floor': () => floor({ uid: ME.uid, nickname: ME.nickname }, CHAT),
    ...routes,
  });
}

describe('temporary channel cards', () => {
  it('after a reload shows the open one someone else started, joins its room and shows connecting then connected', async () => {
    const mine = tempChannel(41, ME, [MEMBER_1]);
    const s = setup([mine, FIRST]);
    const el = await screen.findByRole('region', { name: 'Temporary channel of Dispatcher 2' });
    // The one this user started belongs to the live map's dialog: no card, no second join.
    expect(screen.getAllByTestId('temp-room-card')).toHaveLength(1);
    expect(el).toHaveTextContent('Started by Dispatcher 2');
    const members = within(el).getByRole('list', { name: 'Members of the temporary channel of Dispatcher 2' });
    expect(within(members).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dispatcher 1', 'Member One', 'Dispatcher 2']);
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    expect(s.media.clients[0]).toMatchObject({ janusPath: '/janus', token: 'token' });
    expect(s.media.last().chatId).toBe(CHAT);
    expect(roomState(el)).toHaveTextContent('Room: Connecting');
    s.media.last().set('connected');
    expect(roomState(el)).toHaveAttribute('data-state', 'connected');
    expect(roomState(el)).toHaveTextContent('Room: Connected');
  });

  it('a join that gives up shows failed with the spec message', async () => {
    const s = setup();
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    s.media.last().set('notConnected');
    expect(roomState(card())).toHaveTextContent('Room: Failed');
    expect(within(card()).getByRole('alert')).toHaveTextContent('PTT intercom cannot connect');
  });

  it('holding its PTT asks for the floor of the temporary channel and transmits in its room only', async () => {
    const s = setup();
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    const room = s.media.last();
    room.set('connected');
    const ptt = within(card()).getByRole('button', { name: 'PTT in the temporary channel of Dispatcher 2' });
    down(ptt);
    await waitFor(() => expect(ptt).toHaveAttribute('aria-pressed', 'true'));
    expect(posted(s.api, '/api/ptt/floor')).toEqual([{ chatId: CHAT, maxDurationS: 45 }]);
    expect(room.transmitting).toBe(true);
    expect(within(card()).getByTestId('temp-room-talker')).toHaveTextContent('You are talking');
    up(ptt);
    expect(room.transmits).toEqual([true, false]);
    await waitFor(() => expect(posted(s.api, '/api/ptt/floor/release')).toHaveLength(1));
    // Someone else talking in it shows by name.
    act(() => s.bus.publish('ws/ptt', frame('granted', { uid: MEMBER_1.uid, nickname: MEMBER_1.nickname }, null, CHAT)));
    expect(within(card()).getByTestId('temp-room-talker')).toHaveTextContent('Member One is talking');
  });

  it('opens a card per new temporary channel, and a closed one leaves its room and says who ended it until dismissed', async () => {
    const s = setup([]);
    await waitFor(() => expect(s.api.calls.some((c) => c.path === '/api/temp-channels/current')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Temporary channels' })).toBeNull();
    const other = tempChannel(44, { uid: 10, account: 'dispatcher3', nickname: '' }, [ME]);
    userFrame(s.bus, tempFrame(FIRST));
    userFrame(s.bus, tempFrame(other));
    expect(screen.getByRole('heading', { name: 'Temporary channels' })).toBeInTheDocument();
    // Newest first; a member without a nickname goes by account.
    expect(screen.getAllByTestId('temp-room-card').map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Temporary channel of dispatcher3',
      'Temporary channel of Dispatcher 2',
    ]);
    await waitFor(() => expect(s.media.rooms.map((r) => r.chatId)).toEqual([CHAT, other.chatId]));
    const first = s.media.rooms[0]!;
    first.set('connected');

    userFrame(s.bus, tempFrame(FIRST, DISPATCHER_2.uid));
    expect(first.left).toBe(true);
    expect(s.media.rooms[1]!.left).toBe(false);
    expect(roomState(card())).toHaveAttribute('data-state', 'disconnected');
    expect(card()).toHaveTextContent('Dispatcher 2 hung up. You left the room.');
    expect(within(card()).queryByRole('button', { name: /^PTT/ })).toBeNull();
    await userEvent.click(within(card()).getByRole('button', { name: 'Dismiss the ended temporary channel of Dispatcher 2' }));
    expect(screen.getAllByTestId('temp-room-card')).toHaveLength(1);
    expect(s.media.rooms).toHaveLength(2);
  });

  it('after the socket comes back, one that closed meanwhile is shown as ended', async () => {
    let current = [FIRST];
    const s = setup([], { 'GET /api/temp-channels/current': () => current });
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    current = [];
    act(() => s.bus.publish('socket/status', { state: 'closed', failures: 1 }));
    act(() => s.bus.publish('socket/status', { state: 'open', failures: 0 }));
    await waitFor(() => expect(roomState(card())).toHaveAttribute('data-state', 'disconnected'));
    expect(card()).toHaveTextContent('This temporary channel ended. You left the room.');
    expect(s.media.last().left).toBe(true);
  });

  it('speaks Chinese', async () => {
    setup();
    await screen.findByRole('region', { name: 'Temporary channel of Dispatcher 2' });
    act(() => setLocale('zh'));
    const el = await screen.findByRole('region', { name: 'Dispatcher 2 的临时频道' });
    expect(within(el).getByRole('button', { name: '在 Dispatcher 2 的临时频道中对讲' })).toBeInTheDocument();
    expect(roomState(el)).toHaveTextContent('房间：连接中');
  });
});
