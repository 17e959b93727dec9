import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, Role, allCallOriginId } from '@ptt/contracts';
import type { ChatListItem, Notification, Patch, PttPatchFrame, Session, WatchedChannel, WatchedChannels } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { setLocale } from '@ptt/ui';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, session, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia, frame } from '../ptt/test';
import { WatchedPtt } from './WatchedPtt';

// Patch on the watched tiles (issue 19, acceptance 2; ADR 024): tick, patch, the badge and its
// end, the PttPatch frames, the talker "via" the channel they pressed in, refusals in words.

const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false });
const TALKER = { uid: 7, nickname: 'Member 7' };
const patchOf = (ids: number[], id = 'p1'): Patch => ({ id, channelIds: ids, chatIds: ids.map(chat), createdBy: { uid: 3, nickname: 'Dispatcher 1' }, createdAt: '2026-01-01T08:00:00.000Z' });

function Sync() {
  const { api, bus, session } = useConsole();
  useChatListSync(api, bus, session?.id ?? null);
  usePttSync(api, bus, session !== null);
  return null;
}

function setup(list: WatchedChannel[], routes: Record<string, Handler> = {}, patches: Patch[] = [], who: Session = session()) {
  const media = fakeMedia();
  let live = patches;
  let saved: WatchedChannels = { channels: list };
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security'), item(3, 'Logistics')],
    'GET /api/ptt/media': () => ({ ...MEDIA, pttPath: 'sfu' }),
    'GET /api/ptt/floors': () => [],
    [`GET /api/ptt/recent/${chat(1)}`]: () => [],
    'GET /api/me/watched-channels': () => saved,
    'PUT /api/me/watched-channels': (body) => (saved = body as WatchedChannels),
    'GET /api/ptt/patches': () => live,
    'POST /api/ptt/patches': (body) => {
      const p = patchOf((body as { channelIds: number[] }).channelIds, 'p9');
      live = [...live, p];
      return p;
    },
    'DELETE /api/ptt/patches/p1': () => {
      live = live.filter((p) => p.id !== 'p1');
      return null;
    },
    ...routes,
  });
  const r = renderConsole(
    <>
      <Sync />
      <WatchedPtt createClient={media.create} />
    </>,
    api,
    who,
  );
  const notes: Notification[] = [];
  r.bus.on('notify').subscribe((n) => notes.push(n));
  act(() => r.bus.publish('settings', DEFAULT_SETTINGS));
  act(() => void r.store.dispatch(selectChannel(1)));
  // The server's list changes with the frame it sends (a refetch then agrees with the frame).
  const patchFrame = (id: number, data: PttPatchFrame) => {
    live = data.state === 'created' ? [...live, data.patch] : live.filter((p) => p.id !== data.patch.id);
    act(() => r.bus.publish('ws/channel', { kind: 'GroupMessage', t: 'PttPatch', data, topic: `msg/listen/channel/${ENT_ID}/${id}` }));
  };
  const room = (id: number) => media.rooms.filter((x) => x.chatId === chat(id) && !x.left)[0];
  return { ...r, api, media, notes, patchFrame, room };
}

const tile = (name: string) => screen.getByRole('group', { name });
const tick = (name: string) => fireEvent.click(within(tile(name)).getByRole('checkbox', { name: `Choose ${name} for a patch or an all-call` }));

afterEach(() => act(() => setLocale('en')));

describe('patch', () => {
  it('patches the ticked channels: the request, then both tiles show Patched with the other name', async () => {
    const s = setup([watched(1), watched(2), watched(3)]);
    await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(3));
    const patch = screen.getByRole('button', { name: 'Patch channels' });
    expect(patch).toBeDisabled();
    tick('General');
    expect(patch).toBeDisabled(); // one channel is not a patch
    tick('Logistics');
    expect(screen.getByText('2 channels chosen')).toBeInTheDocument();
    expect(tile('Logistics')).toHaveAttribute('data-ticked', 'true');
    fireEvent.click(patch);
    await waitFor(() => expect(s.api.calls.filter((c) => c.method === 'POST' && c.path === '/api/ptt/patches').map((c) => c.body)).toEqual([{ channelIds: [1, 3] }]));
    await waitFor(() => expect(tile('General')).toHaveAttribute('data-patched', 'true'));
    expect(tile('Logistics')).toHaveAttribute('data-patched', 'true');
    expect(tile('Security')).toHaveAttribute('data-patched', 'false');
    expect(within(tile('General')).getByText('Patched with Logistics')).toBeInTheDocument();
    expect(within(tile('Logistics')).getByText('Patched with General')).toBeInTheDocument();
    expect(tile('General')).toHaveAttribute('data-ticked', 'false'); // the ticks are used up
  });

  it('ends a patch from its tile, and follows PttPatch frames from other consoles', async () => {
    const s = setup([watched(1), watched(2), watched(3)], {}, [patchOf([1, 2])]);
    await waitFor(() => expect(tile('Security')).toHaveAttribute('data-patched', 'true'));
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'End the patch of Security' }));
    await waitFor(() => expect(tile('Security')).toHaveAttribute('data-patched', 'false'));
    expect(s.api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/ptt/patches/p1')).toBe(true);

    s.patchFrame(2, { state: 'created', patch: patchOf([2, 3], 'p2'), reason: null });
    await waitFor(() => expect(tile('Security')).toHaveAttribute('data-patched', 'true'));
    expect(tile('Logistics')).toHaveAttribute('data-patched', 'true');
    s.patchFrame(2, { state: 'ended', patch: patchOf([2, 3], 'p2'), reason: 'left' });
    await waitFor(() => expect(tile('Logistics')).toHaveAttribute('data-patched', 'false'));
  });

  it('shows a refusal in the rule words (409 channel already patched, 400 too few)', async () => {
    const already = () => {
      throw new ApiError(2016, 'rule.channelAlreadyPatched', 409, 'The channel is already in a patch');
    };
    setup([watched(1), watched(2)], { 'POST /api/ptt/patches': already });
    await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(2));
    tick('General');
    tick('Security');
    fireEvent.click(screen.getByRole('button', { name: 'Patch channels' }));
    expect(await screen.findByTestId('patch-error')).toHaveTextContent('The channel is already in a patch');
    expect(tile('General')).toHaveAttribute('data-ticked', 'true');
  });

  it('shows a talker who pressed in another patched channel as "via" that channel, and mutes the bridge heard directly', async () => {
    const s = setup([watched(1), watched(2), watched(3)], {}, [patchOf([2, 3])]);
    await waitFor(() => expect(tile('Logistics')).toHaveAttribute('data-patched', 'true'));
    await waitFor(() => expect(s.room(3)).toBeDefined());
    // Security and Logistics are both heard here: neither room's bridge is played.
    await waitFor(() => expect(s.room(3)?.bridgeMuted).toBe(true));
    expect(s.room(2)?.bridgeMuted).toBe(true);
    expect(s.room(1)?.bridgeMuted).toBe(false);
    act(() => {
      s.bus.publish('ws/ptt', frame('granted', TALKER, null, chat(2)));
      s.bus.publish('ws/ptt', { ...frame('granted', TALKER, null, chat(3)), via: { kind: 'patch', id: 'p1', chatId: chat(2) } });
    });
    expect(within(tile('Logistics')).getByText(/Member 7 is talking via Security/)).toBeInTheDocument();
    expect(tile('Logistics')).toHaveAttribute('data-via', 'patch');
    expect(tile('Security')).toHaveAttribute('data-via', '');
    // Security muted on its tile: Logistics' bridge is how this console hears Security now.
    fireEvent.click(within(tile('Security')).getByRole('button', { name: 'Mute Security' }));
    await waitFor(() => expect(s.room(3)?.bridgeMuted).toBe(false));
  });

  it('speaks Chinese', async () => {
    act(() => setLocale('zh'));
    setup([watched(1), watched(2)], {}, [patchOf([1, 2])]);
    expect(await screen.findByRole('button', { name: '互联频道' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('已互联')).toHaveLength(2));
    expect(screen.getByText('与 Security 互联')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '结束 Security 的互联' })).toBeInTheDocument();
  });
});

describe('patch and all-call are staff actions (ptt.force)', () => {
  const MEMBER = session({ role: Role.User, id: 8, account: 'member8', nickname: 'Member 8' });

  it('offers a member no tick boxes, no Patch channels, no All-call and no End patch, but shows the Patched badge', async () => {
    const s = setup([watched(1), watched(2), watched(3)], {}, [patchOf([1, 2])], MEMBER);
    await waitFor(() => expect(tile('Security')).toHaveAttribute('data-patched', 'true'));
    expect(within(tile('General')).getByText('Patched with Security')).toBeInTheDocument();
    expect(within(tile('Security')).getByText('Patched with General')).toBeInTheDocument();
    expect(screen.getAllByText('Patched')).toHaveLength(2);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('patch-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Patch channels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'All-call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End the patch/ })).not.toBeInTheDocument();
    expect(screen.queryByText('End patch')).not.toBeInTheDocument();
    expect(tile('General')).toHaveAttribute('data-ticked', 'false');
    // The rest of the tile is the member's as before.
    expect(within(tile('Security')).getByRole('button', { name: 'Mute Security' })).toBeInTheDocument();
    // Nothing to all-call with: no origin room joined for a member.
    expect(s.media.rooms.some((r) => r.chatId === allCallOriginId(ENT_ID, 8))).toBe(false);
  });

  it('offers a dispatcher the tick boxes, Patch channels, All-call and End patch', async () => {
    setup([watched(1), watched(2), watched(3)], {}, [patchOf([1, 2])]);
    await waitFor(() => expect(tile('Security')).toHaveAttribute('data-patched', 'true'));
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByTestId('patch-bar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Patch channels' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All-call' })).toBeInTheDocument();
    expect(within(tile('Security')).getByRole('button', { name: 'End the patch of Security' })).toBeInTheDocument();
    expect(within(tile('General')).getByText('Patched with Security')).toBeInTheDocument();
  });
});

describe('the selected channel PTT panel names a patched or all-call floor', () => {
  it('says "via <channel>" for a patch and "all-call" for an all-call, in English and Chinese', async () => {
    const s = setup([watched(1), watched(2)], {}, [patchOf([1, 2])]);
    await waitFor(() => expect(tile('General')).toHaveAttribute('data-patched', 'true'));
    await waitFor(() => expect(screen.getAllByText('Security').length).toBeGreaterThan(0));
    act(() => s.bus.publish('ws/ptt', { ...frame('granted', TALKER, null, chat(1)), via: { kind: 'patch', id: 'p1', chatId: chat(2) } }));
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 is talking via Security');
    expect(screen.getByTestId('ptt-talker')).toHaveAttribute('data-via', 'patch');
    expect(within(tile('General')).getByText(/Member 7 is talking via Security/)).toBeInTheDocument();

    act(() => s.bus.publish('ws/ptt', { ...frame('granted', TALKER, null, chat(1)), via: { kind: 'allcall', id: 'a1', chatId: null } }));
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 is talking (all-call)');
    expect(screen.getByTestId('ptt-talker')).toHaveAttribute('data-via', 'allcall');

    act(() => setLocale('zh'));
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 正在讲话（全呼）');
    act(() => s.bus.publish('ws/ptt', { ...frame('granted', TALKER, null, chat(1)), via: { kind: 'patch', id: 'p1', chatId: chat(2) } }));
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 正在经由 Security 讲话');

    act(() => s.bus.publish('ws/ptt', frame('granted', TALKER, null, chat(1))));
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 正在讲话');
    expect(screen.getByTestId('ptt-talker')).toHaveAttribute('data-via', '');
  });
});
