import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import type { ChatListItem, Notification, WatchedChannel, WatchedChannels } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { WatchedPtt } from './WatchedPtt';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia, floor } from '../ptt/test';
import { LEVEL_INTERVAL_MS } from './WatchTile';
import { VOLUME_SAVE_DELAY_MS } from './WatchPanel';

const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number, over: Partial<WatchedChannel> = {}): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false, ...over });

/** What ConsoleSync does for the chat list and PTT, without the rest of the console's loading. */
function Sync() {
  const { api, bus, session } = useConsole();
  useChatListSync(api, bus, session?.id ?? null);
  usePttSync(api, bus, session !== null);
  return null;
}

function setup(list: WatchedChannel[], routes: Record<string, Handler> = {}) {
  const media = fakeMedia();
  let saved: WatchedChannels = { channels: list };
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security'), item(3, 'Logistics'), item(4, 'Harbour')],
    'GET /api/ptt/media': () => MEDIA,
    'GET /api/ptt/floors': () => [floor({ uid: 7, nickname: 'Member 7' }, chat(2))],
    [`GET /api/ptt/recent/${chat(1)}`]: () => [],
    'GET /api/me/watched-channels': () => saved,
    'PUT /api/me/watched-channels': (body) => (saved = body as WatchedChannels),
    ...routes,
  });
  const r = renderConsole(
    <>
      <Sync />
      <WatchedPtt createClient={media.create} />
    </>,
    api,
  );
  const notes: Notification[] = [];
  r.bus.on('notify').subscribe((n) => notes.push(n));
  act(() => r.bus.publish('settings', DEFAULT_SETTINGS));
  act(() => void r.store.dispatch(selectChannel(1)));
  const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as WatchedChannels).channels);
  return { ...r, api, media, notes, puts };
}

const tiles = () => screen.getAllByTestId('watch-tile');
const tile = (name: string) => screen.getByRole('group', { name });
const roomOf = (s: ReturnType<typeof setup>, id: number) => s.media.rooms.filter((r) => r.chatId === chat(id) && !r.left);

afterEach(() => jest.useRealTimers());

describe('watched channels', () => {
  it('shows one tile per watched channel in order and hears each one not selected in its own listen-only room', async () => {
    const s = setup([watched(2, { volume: 40, pan: 'left' }), watched(1), watched(3, { muted: true, pan: 'right' })]);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(tiles().map((t) => t.getAttribute('data-channel-id'))).toEqual(['2', '1', '3']);
    await waitFor(() => expect(tiles().map((t) => within(t).getAllByText(/General|Security|Logistics/)[0]!.textContent)).toEqual(['Security', 'General', 'Logistics']));
    await waitFor(() => expect(roomOf(s, 3)).toHaveLength(1));
    expect(roomOf(s, 2)[0]!.options).toMatchObject({ listenOnly: true, output: { volume: 0.4, muted: false, pan: -1 } });
    expect(roomOf(s, 3)[0]!.options).toMatchObject({ listenOnly: true, output: { volume: 0.8, muted: true, pan: 1 } });
    // The selected channel: one room only, the PTT panel's, that talks and plays at its tile's settings.
    expect(roomOf(s, 1)).toHaveLength(1);
    expect(roomOf(s, 1)[0]!.options.listenOnly).toBeUndefined();
    await waitFor(() => expect(roomOf(s, 1)[0]!.outputs.at(-1)).toEqual({ volume: 0.8, muted: false, pan: 0 }));
    expect(within(tile('General')).getByRole('button', { name: 'Transmit on General' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('General')).toHaveAttribute('data-selected', 'true');
  });

  it('shows who talks and for how long, and the level each room plays', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-01-01T08:00:05.000Z') });
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    expect(await screen.findByText('Member 7 is talking, 5 s')).toBeInTheDocument();
    expect(tile('Security')).toHaveAttribute('data-talker', '7');
    expect(tile('General')).toHaveAttribute('data-talker', '');
    roomOf(s, 2)[0]!.level = 0.23456;
    act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS * 5));
    expect(tile('Security')).toHaveAttribute('data-level', '0.235');
    expect(screen.getByText('Member 7 is talking, 6 s')).toBeInTheDocument();
    expect(tile('General')).toHaveAttribute('data-level', '0.000');
  });

  it('mutes, pans and sets the volume of a channel: the room follows at once, the list is saved (the slider once it rests)', async () => {
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    const room = roomOf(s, 2)[0]!;
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Mute Security' }));
    await waitFor(() => expect(room.outputs.at(-1)).toEqual({ volume: 0.8, muted: true, pan: 0 }));
    await waitFor(() => expect(s.puts()).toEqual([[watched(1), watched(2, { muted: true })]]));
    expect(within(tile('Security')).getByRole('button', { name: 'Unmute Security' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(tile('Security')).getByRole('radio', { name: 'Right' }));
    await waitFor(() => expect(room.outputs.at(-1)).toEqual({ volume: 0.8, muted: true, pan: 1 }));
    await waitFor(() => expect(s.puts()).toHaveLength(2));

    const slider = within(tile('Security')).getByRole('slider', { name: 'Volume of Security' });
    const moved = Date.now();
    fireEvent.change(slider, { target: { value: '50' } });
    fireEvent.change(slider, { target: { value: '30' } });
    await waitFor(() => expect(room.outputs.at(-1)).toEqual({ volume: 0.3, muted: true, pan: 1 }));
    expect(s.puts()).toHaveLength(2);
    await waitFor(() => expect(s.puts()).toHaveLength(3));
    expect(Date.now() - moved).toBeGreaterThanOrEqual(VOLUME_SAVE_DELAY_MS - 10);
    expect(s.puts()[2]).toEqual([watched(1), watched(2, { muted: true, pan: 'right', volume: 30 })]);
  });

  it('saves a volume still resting when the console closes', async () => {
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    fireEvent.change(within(tile('Security')).getByRole('slider', { name: 'Volume of Security' }), { target: { value: '10' } });
    s.unmount();
    await waitFor(() => expect(s.puts()).toEqual([[watched(1), watched(2, { volume: 10 })]]));
  });

  it('adds a channel from the picker of those not watched, and leaves the room of one removed', async () => {
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: 'Add a channel' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Harbour', 'Logistics']);
    fireEvent.click(screen.getByRole('option', { name: 'Logistics' }));
    await waitFor(() => expect(s.puts()).toEqual([[watched(1), watched(2), watched(3)]]));
    await waitFor(() => expect(roomOf(s, 3)).toHaveLength(1));
    expect(tiles()).toHaveLength(3);

    const security = roomOf(s, 2)[0]!;
    fireEvent.click(screen.getByRole('button', { name: 'Stop watching Security' }));
    await waitFor(() => expect(security.left).toBe(true));
    expect(s.puts()[1]).toEqual([watched(1), watched(3)]);
    expect(roomOf(s, 3)).toHaveLength(1); // the other rooms stay as they were
  });

  it('Transmit selects the channel: its listen-only room gives way to the PTT room, the old selected one is heard listen-only', async () => {
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    const listened = roomOf(s, 2)[0]!;
    fireEvent.click(screen.getByRole('button', { name: 'Transmit on Security' }));
    expect(s.store.getState().console.selectedChannelId).toBe(2);
    await waitFor(() => expect(listened.left).toBe(true));
    await waitFor(() => expect(roomOf(s, 1)).toHaveLength(1));
    expect(roomOf(s, 1)[0]!.options).toMatchObject({ listenOnly: true });
    expect(roomOf(s, 2)).toHaveLength(1);
    expect(roomOf(s, 2)[0]!.options.listenOnly).toBeUndefined();
    expect(tile('Security')).toHaveAttribute('data-selected', 'true');
  });

  it("shows a refusal in the server's words and goes back to the server's list", async () => {
    const s = setup([watched(1)], {
      'PUT /api/me/watched-channels': () => {
        throw new ApiError(2016, 'rule.channelSuspended', 409, 'suspended');
      },
    });
    await waitFor(() => expect(tiles()).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: 'Add a channel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Security' }));
    await waitFor(() => expect(s.notes).toEqual([expect.objectContaining({ intent: 'error', key: 'rule.channelSuspended' })]));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(roomOf(s, 2)).toHaveLength(0);
  });

  it("follows a save made in the user's other console (the user socket's WatchedChannels frame)", async () => {
    const s = setup([watched(1), watched(2)]);
    await waitFor(() => expect(roomOf(s, 2)).toHaveLength(1));
    const security = roomOf(s, 2)[0]!;
    act(() => s.bus.publish('ws/user', { kind: 'Personal', t: 'WatchedChannels', topic: `msg/listen/user/${ENT_ID}/3`, data: { channels: [watched(1), watched(3, { volume: 20 })] } }));
    await waitFor(() => expect(security.left).toBe(true));
    await waitFor(() => expect(roomOf(s, 3)).toHaveLength(1));
    expect(roomOf(s, 3)[0]!.options.output).toEqual({ volume: 0.2, muted: false, pan: 0 });
    expect(tiles().map((t) => t.getAttribute('data-channel-id'))).toEqual(['1', '3']);
    expect(s.puts()).toEqual([]);
  });

  it('says so when nothing is watched', async () => {
    setup([]);
    expect(await screen.findByText('No channels watched yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Watched channels' })).toBeInTheDocument();
  });
});
