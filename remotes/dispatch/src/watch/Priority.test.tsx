import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, Role } from '@ptt/contracts';
import type { ChatListItem, WatchedChannel, WatchedChannels } from '@ptt/contracts';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import { liveSlice } from '../live';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia, frame } from '../ptt/test';
import { channelPriorities } from './priority';
import { WatchedPtt } from './WatchedPtt';

// Priority on watched channels (issue 19): a priority channel that talks ducks the others; a
// channel with a member in an open SOS is priority without being marked.

const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number, over: Partial<WatchedChannel> = {}): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false, ...over });
const TALKER = { uid: 7, nickname: 'Member 7' };
const SOS_UID = 9;

function Sync() {
  const { api, bus, session } = useConsole();
  useChatListSync(api, bus, session?.id ?? null);
  usePttSync(api, bus, session !== null);
  return null;
}

function setup(list: WatchedChannel[]) {
  const media = fakeMedia();
  let saved: WatchedChannels = { channels: list };
  const members = (ids: number[]) => () => ({ items: ids.map((userId) => ({ userId, account: `u${userId}`, nickname: `User ${userId}`, role: Role.User, level: 1, remark: null, enabled: true, joinedAt: '2026-01-01T00:00:00.000Z' })), total: ids.length });
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security'), item(3, 'Logistics')],
    'GET /api/ptt/media': () => MEDIA,
    'GET /api/ptt/floors': () => [],
    [`GET /api/ptt/recent/${chat(1)}`]: () => [],
    'GET /api/me/watched-channels': () => saved,
    'PUT /api/me/watched-channels': (body) => (saved = body as WatchedChannels),
    'GET /api/channels/1/members': members([3, 7]),
    'GET /api/channels/2/members': members([3, 7]),
    'GET /api/channels/3/members': members([3, 7, SOS_UID]),
  });
  const r = renderConsole(
    <>
      <Sync />
      <WatchedPtt createClient={media.create} />
    </>,
    api,
  );
  act(() => r.bus.publish('settings', DEFAULT_SETTINGS));
  act(() => void r.store.dispatch(selectChannel(1)));
  const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as WatchedChannels).channels);
  const talk = (id: number, on: boolean) =>
    act(() => r.bus.publish('ws/ptt', on ? frame('granted', TALKER, null, chat(id)) : frame('released', null, TALKER, chat(id))));
  const room = (id: number) => media.rooms.filter((x) => x.chatId === chat(id) && !x.left)[0];
  return { ...r, api, puts, talk, room };
}

const tile = (name: string) => screen.getByRole('group', { name });
const ducked = (name: string) => tile(name).getAttribute('data-ducked');

describe('priority channels', () => {
  it('the Priority toggle marks a channel and saves it; the badge shows', async () => {
    const s = setup([watched(1), watched(2)]);
    const toggle = await screen.findByRole('button', { name: 'Priority channel: Security' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(tile('Security')).queryByText('Priority', { selector: '.fui-Badge' })).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(s.puts()).toEqual([[watched(1), watched(2, { priority: true })]]));
    expect(within(tile('Security')).getByRole('button', { name: 'Priority channel: Security' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(tile('Security')).getByText('Priority', { selector: '.fui-Badge' })).toBeInTheDocument();
  });

  it('while the priority channel talks, the other rooms (the selected one too) are ducked, and not after', async () => {
    const s = setup([watched(1), watched(2, { priority: true }), watched(3, { volume: 50 })]);
    await waitFor(() => expect(s.room(3)).toBeDefined());
    await waitFor(() => expect(s.room(1)?.outputs.length).toBeGreaterThan(0));
    // A talker on a channel that is not priority ducks nothing.
    s.talk(3, true);
    expect(['General', 'Security', 'Logistics'].map(ducked)).toEqual(['false', 'false', 'false']);
    s.talk(2, true);
    await waitFor(() => expect(['General', 'Security', 'Logistics'].map(ducked)).toEqual(['true', 'false', 'true']));
    expect(within(tile('Logistics')).getByText('Ducked')).toBeInTheDocument();
    expect(within(tile('Security')).queryByText('Ducked')).toBeNull();
    expect(s.room(3)!.outputs.at(-1)).toEqual({ volume: 0.5, muted: false, pan: 0, duck: true });
    await waitFor(() => expect(s.room(1)!.outputs.at(-1)).toEqual({ volume: 0.8, muted: false, pan: 0, duck: true }));
    expect(s.room(2)!.outputs.every((o) => !o.duck)).toBe(true);
    s.talk(2, false);
    await waitFor(() => expect(['General', 'Security', 'Logistics'].map(ducked)).toEqual(['false', 'false', 'false']));
    expect(s.room(3)!.outputs.at(-1)).toEqual({ volume: 0.5, muted: false, pan: 0 });
    await waitFor(() => expect(s.room(1)!.outputs.at(-1)?.duck).toBeFalsy());
    expect(screen.queryByText('Ducked')).toBeNull();
  });

  it("an open SOS makes its member's channel priority until it is closed; members are read only while one is open", async () => {
    const s = setup([watched(1), watched(2), watched(3)]);
    await waitFor(() => expect(s.room(3)).toBeDefined());
    const memberReads = () => s.api.calls.filter((c) => c.path.endsWith('/members'));
    s.talk(3, true);
    expect(ducked('Security')).toBe('false');
    expect(memberReads()).toEqual([]);
    const entry = { sosId: 41, uid: SOS_UID, account: 'u9', nickname: 'User 9', lng: null, lat: null, device: null, startedAt: '2026-01-01T08:00:00.000Z', ackedAt: null, ackedBy: null, escalatedAt: null };
    act(() => void s.store.dispatch(liveSlice.actions.sosRaised(entry)));
    expect(await within(tile('Logistics')).findByText('SOS priority')).toBeInTheDocument();
    expect(within(tile('Security')).queryByText('SOS priority')).toBeNull();
    await waitFor(() => expect(['General', 'Security', 'Logistics'].map(ducked)).toEqual(['true', 'true', 'false']));
    expect(s.room(2)!.outputs.at(-1)?.duck).toBe(true);
    act(() => void s.store.dispatch(liveSlice.actions.sosClosed(41)));
    await waitFor(() => expect(['General', 'Security', 'Logistics'].map(ducked)).toEqual(['false', 'false', 'false']));
    expect(screen.queryByText('SOS priority')).toBeNull();
    expect(s.room(2)!.outputs.at(-1)?.duck).toBeFalsy();
  });
});

describe('channelPriorities', () => {
  const held = (...ids: number[]) => (id: number) => ids.includes(id);
  const none = new Set<number>();

  it('ducks nothing while no priority channel talks', () => {
    const p = channelPriorities({ channels: [watched(1, { priority: true }), watched(2)], held: held(2), sosChannels: none });
    expect([...p.values()].map((x) => x.ducked)).toEqual([false, false]);
    expect(p.get(1)?.active).toBe(false);
  });

  it('two priority channels talking at once are both heard in full; the rest is ducked', () => {
    const p = channelPriorities({ channels: [watched(1, { priority: true }), watched(2), watched(3)], held: held(1, 3), sosChannels: new Set([3]) });
    expect([...p.entries()]).toEqual([
      [1, { sos: false, active: true, ducked: false }],
      [2, { sos: false, active: false, ducked: true }],
      [3, { sos: true, active: true, ducked: false }],
    ]);
  });
});
