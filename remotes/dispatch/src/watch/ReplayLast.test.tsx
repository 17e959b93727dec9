import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, MessageType } from '@ptt/contracts';
import type { ChatListItem, ChatMessage, WatchedChannel } from '@ptt/contracts';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia } from '../ptt/test';
import { WatchedPtt } from './WatchedPtt';

const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false });

/** A recorded burst in channel `channelId` (newest first in the answers below). */
function burst(id: number, channelId: number, nickname: string): ChatMessage {
  return {
    id, chatId: chat(channelId), kind: 'group', channelId, toUserId: null, from: { uid: 7, nickname }, clientMsgId: null,
    createdAt: '2026-01-01T08:00:00.000Z', type: MessageType.Ptt, content: { fileId: `file_${id}_0123456789abcdef`, durationMs: 2000 },
  };
}

function Sync() {
  const { api, bus, session } = useConsole();
  useChatListSync(api, bus, session?.id ?? null);
  usePttSync(api, bus, session !== null);
  return null;
}

function setup(routes: Record<string, Handler> = {}) {
  const media = fakeMedia();
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security')],
    'GET /api/ptt/media': () => MEDIA,
    'GET /api/ptt/floors': () => [],
    [`GET /api/ptt/recent/${chat(1)}`]: () => [burst(11, 1, 'Member 5')],
    [`GET /api/ptt/recent/${chat(2)}`]: () => [burst(22, 2, 'Member 7'), burst(21, 2, 'Member 8')],
    'GET /api/me/watched-channels': () => ({ channels: [watched(1), watched(2)] }),
    ...routes,
  });
  // The file's bytes name it, so a test can tell which burst was replayed.
  const downloads: string[] = [];
  api.download = (path: string) => {
    downloads.push(path);
    const bytes = new TextEncoder().encode(path).buffer;
    return Promise.resolve({ blob: { arrayBuffer: () => Promise.resolve(bytes) } as unknown as Blob, fileName: null });
  };
  const r = renderConsole(
    <>
      <Sync />
      <WatchedPtt createClient={media.create} />
    </>,
    api,
  );
  act(() => r.bus.publish('settings', DEFAULT_SETTINGS));
  act(() => void r.store.dispatch(selectChannel(1)));
  return { ...r, api, media, downloads };
}

const tile = (name: string) => screen.getByRole('group', { name });
const replayOf = (name: string) => within(tile(name)).getByTestId('watch-replay');
const liveRoom = (s: ReturnType<typeof setup>, id: number) => s.media.rooms.find((r) => r.chatId === chat(id) && !r.left);
const played = (clip: ArrayBuffer | undefined) => (clip ? new TextDecoder().decode(clip) : undefined);

async function ready(s: ReturnType<typeof setup>) {
  await waitFor(() => expect(liveRoom(s, 2)).toBeDefined());
  await waitFor(() => expect(within(tile('Security')).getByRole('button', { name: 'Replay the last transmission on Security' })).toBeEnabled());
}

describe('instant replay on a watched tile', () => {
  it("replays the channel's newest burst into its own listen-only room, shows it, and goes further back with Earlier", async () => {
    const s = setup();
    await ready(s);
    const room = liveRoom(s, 2)!;
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Replay the last transmission on Security' }));
    await waitFor(() => expect(room.replays).toHaveLength(1));
    expect(played(room.replays[0])).toBe('/api/files/file_22_0123456789abcdef');
    expect(s.api.calls.map((c) => c.path)).toContain(`/api/ptt/recent/${chat(2)}`);
    await waitFor(() => expect(replayOf('Security')).toHaveAttribute('data-replaying', 'true'));
    expect(within(tile('Security')).getByText(/^Replaying Member 7, .+…$/)).toBeInTheDocument();
    expect(room.left).toBe(false); // the live audio goes on
    expect(liveRoom(s, 1)?.replays).toEqual([]); // only the clicked channel replays

    act(() => room.endReplay());
    await waitFor(() => expect(replayOf('Security')).toHaveAttribute('data-replaying', 'false'));
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Replay the transmission before it on Security' }));
    await waitFor(() => expect(room.replays).toHaveLength(2));
    expect(played(room.replays[1])).toBe('/api/files/file_21_0123456789abcdef');
    expect(await within(tile('Security')).findByText(/^Replaying Member 8, .+…$/)).toBeInTheDocument();
    act(() => room.endReplay());
    // The oldest one played: there is nothing earlier.
    await waitFor(() => expect(replayOf('Security')).toHaveAttribute('data-replaying', 'false'));
    expect(within(tile('Security')).queryByRole('button', { name: 'Replay the transmission before it on Security' })).toBeNull();
  });

  it('Stop silences the replay and brings the button back', async () => {
    const s = setup();
    await ready(s);
    const room = liveRoom(s, 2)!;
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Replay the last transmission on Security' }));
    fireEvent.click(await within(tile('Security')).findByRole('button', { name: 'Stop the replay on Security' }));
    await waitFor(() => expect(replayOf('Security')).toHaveAttribute('data-replaying', 'false'));
    expect(room.replayStops).toBeGreaterThanOrEqual(1);
    expect(within(tile('Security')).getByRole('button', { name: 'Replay the last transmission on Security' })).toBeEnabled();
    expect(room.left).toBe(false);
  });

  it("the selected channel's tile replays into the PTT panel's room", async () => {
    const s = setup();
    await ready(s);
    const selected = liveRoom(s, 1)!;
    expect(selected.options.listenOnly).toBeUndefined();
    await waitFor(() => expect(within(tile('General')).getByRole('button', { name: 'Replay the last transmission on General' })).toBeEnabled());
    fireEvent.click(within(tile('General')).getByRole('button', { name: 'Replay the last transmission on General' }));
    await waitFor(() => expect(selected.replays).toHaveLength(1));
    expect(played(selected.replays[0])).toBe('/api/files/file_11_0123456789abcdef');
  });

  it('says so when the channel has no recorded transmission, and when a clip cannot be played', async () => {
    const s = setup({ [`GET /api/ptt/recent/${chat(2)}`]: () => [] });
    await ready(s);
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Replay the last transmission on Security' }));
    expect(await within(tile('Security')).findByText('No recorded transmissions yet')).toBeInTheDocument();
    expect(liveRoom(s, 2)!.replays).toEqual([]);

    fireEvent.click(within(tile('General')).getByRole('button', { name: 'Replay the last transmission on General' }));
    const selected = liveRoom(s, 1)!;
    await waitFor(() => expect(selected.replays).toHaveLength(1));
    act(() => selected.failReplay(new DOMException('Unable to decode audio data', 'EncodingError')));
    expect(await within(tile('General')).findByText('The transmission could not be replayed')).toBeInTheDocument();
    expect(replayOf('General')).toHaveAttribute('data-replaying', 'false');
  });
});
