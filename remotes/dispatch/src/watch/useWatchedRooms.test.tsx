import { act, waitFor } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import type { WatchedChannel } from '@ptt/contracts';
import { useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, session } from '../core/test';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia } from '../ptt/test';
import { useWatchedRooms } from './useWatchedRooms';

const watched = (channelId: number, over: Partial<WatchedChannel> = {}): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false, ...over });

function Rooms({ channels, selected, create }: { channels: WatchedChannel[]; selected: number | null; create: ReturnType<typeof fakeMedia>['create'] }) {
  const { api, bus, session: who } = useConsole();
  usePttSync(api, bus, who !== null);
  useWatchedRooms({ channels, selectedChannelId: selected, createClient: create });
  return null;
}

function setup(media = MEDIA) {
  const m = fakeMedia();
  const api = fakeApi({ 'GET /api/ptt/media': () => media, 'GET /api/ptt/floors': () => [] });
  const r = renderConsole(<Rooms channels={[watched(1), watched(2)]} selected={1} create={m.create} />, api);
  act(() => r.bus.publish('settings', { ...DEFAULT_SETTINGS, speakerId: 'speaker-2' }));
  const live = () => m.rooms.filter((x) => !x.left);
  return { ...r, m, live };
}

describe('useWatchedRooms', () => {
  it('joins no room while the server has no media', async () => {
    const s = setup({ ...MEDIA, available: false });
    await waitFor(() => expect(s.store.getState().ptt.media).not.toBeNull());
    expect(s.m.rooms).toHaveLength(0);
  });

  it("plays each room on the chosen speaker, and rejoins every room on a new client when the session's token changes", async () => {
    const s = setup();
    await waitFor(() => expect(s.live()).toHaveLength(1));
    const first = s.live()[0]!;
    expect(first.chatId).toBe(`${ENT_ID}-1-2`);
    expect(first.options).toMatchObject({ listenOnly: true, path: 'mix', sharedSession: true });
    await waitFor(() => expect(first.speaker).toBe('speaker-2'));

    act(() => s.bus.publish('session', session({ auth_token: 'token-2' })));
    await waitFor(() => expect(first.left).toBe(true));
    await waitFor(() => expect(s.live()).toHaveLength(1));
    expect(s.m.clients.map((c) => c.token)).toEqual(['token', 'token-2']);
    expect(s.live()[0]!.chatId).toBe(`${ENT_ID}-1-2`);
  });

  it('leaves every room when the console goes away', async () => {
    const s = setup();
    await waitFor(() => expect(s.live()).toHaveLength(1));
    s.unmount();
    expect(s.live()).toHaveLength(0);
  });
});
