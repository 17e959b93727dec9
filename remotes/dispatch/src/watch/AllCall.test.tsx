import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, allCallOriginId } from '@ptt/contracts';
import type { AllCall, ChatListItem, Floor, Notification, WatchedChannel, WatchedChannels } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { usePttSync } from '../ptt';
import { MEDIA, fakeMedia, frame } from '../ptt/test';
import { WatchedPtt } from './WatchedPtt';

// All-call on the watched tiles (issue 19, acceptance 3; ADR 024): the origin room joined ahead of
// the press, hold to talk in every ticked channel, each channel's answer, release.

const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false });
const ME = { uid: 3, nickname: 'Dispatcher 1' };
const MEMBER = { uid: 7, nickname: 'Member 7' };
const ORIGIN = allCallOriginId(ENT_ID, 3);
const at = '2026-01-01T08:00:00.000Z';
const held = (chatId: string, holder: typeof ME, via: Floor['via'] = null): Floor => ({ chatId, holder, burstId: 'b', since: at, until: '2026-01-01T08:00:45.000Z', via });

/** General carries the call; Security is occupied by Member 7. */
const ANSWER: AllCall = {
  callId: 'c1',
  originChatId: ORIGIN,
  results: [
    { chatId: chat(1), granted: true, floor: held(chat(1), ME, { kind: 'allcall', id: 'c1', chatId: null }), code: null, reason: null },
    { chatId: chat(2), granted: false, floor: held(chat(2), MEMBER), code: 2026, reason: 'pttChannelOccupied' },
  ],
};

function Sync() {
  const { api, bus, session } = useConsole();
  useChatListSync(api, bus, session?.id ?? null);
  usePttSync(api, bus, session !== null);
  return null;
}

function setup(routes: Record<string, Handler> = {}) {
  const media = fakeMedia();
  const saved: WatchedChannels = { channels: [watched(1), watched(2), watched(3)] };
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security'), item(3, 'Logistics')],
    'GET /api/ptt/media': () => ({ ...MEDIA, pttPath: 'sfu' }),
    'GET /api/ptt/floors': () => [],
    [`GET /api/ptt/recent/${chat(3)}`]: () => [],
    'GET /api/me/watched-channels': () => saved,
    'GET /api/ptt/patches': () => [],
    'POST /api/ptt/allcall': () => ANSWER,
    'POST /api/ptt/allcall/release': () => null,
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
  act(() => r.bus.publish('settings', { ...DEFAULT_SETTINGS, pttMaxDurationS: 45 }));
  act(() => void r.store.dispatch(selectChannel(3)));
  const origin = () => media.rooms.filter((x) => x.chatId === ORIGIN && !x.left);
  const room = (id: number) => media.rooms.filter((x) => x.chatId === chat(id) && !x.left)[0];
  const posted = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
  return { ...r, api, media, notes, origin, room, posted };
}

const tile = (name: string) => screen.getByRole('group', { name });
const tick = (name: string, label = `Choose ${name} for a patch or an all-call`) => fireEvent.click(within(tile(name)).getByRole('checkbox', { name: label }));
const button = (name = 'All-call') => screen.getByRole('button', { name });

/** Ticks General and Security and connects the origin room that joins for them. */
async function ready(s: ReturnType<typeof setup>) {
  await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(3));
  tick('General');
  tick('Security');
  await waitFor(() => expect(s.origin()).toHaveLength(1));
  s.origin()[0]!.set('connected');
  return s.origin()[0]!;
}

afterEach(() => act(() => setLocale('en')));

describe('all-call', () => {
  it('joins the origin room to publish once two channels are ticked, and leaves it when one is unticked', async () => {
    const s = setup();
    await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(3));
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    tick('General');
    expect(s.origin()).toHaveLength(0);
    tick('Security');
    await waitFor(() => expect(s.origin()).toHaveLength(1));
    expect(s.origin()[0]!.options).toMatchObject({ path: 'sfu', sharedSession: true });
    expect(s.origin()[0]!.options.listenOnly).toBeUndefined();
    tick('Security');
    await waitFor(() => expect(s.origin()).toHaveLength(0));
  });

  it('holds to talk: each channel answers (on air, or occupied in words with the holder), the microphone goes out, release ends it', async () => {
    const s = setup();
    const origin = await ready(s);
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(screen.getAllByTestId('allcall-result')).toHaveLength(2));
    expect(s.posted('/api/ptt/allcall')).toEqual([{ chatIds: [chat(1), chat(2)], maxDurationS: 45 }]);
    const [general, security] = screen.getAllByTestId('allcall-result');
    expect(general).toHaveAttribute('data-granted', 'true');
    expect(general).toHaveTextContent('General: on air');
    expect(security).toHaveAttribute('data-granted', 'false');
    expect(security).toHaveTextContent('Security: PTT channel occupied (Member 7 is talking)');
    expect(origin.transmits).toEqual([true]);
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(button()).toHaveAttribute('data-state', 'onAir');
    // Our own voice, bridged into the channel that carries the call: not played back here.
    expect(s.room(1)?.bridgeMuted).toBe(true);
    expect(s.room(2)?.bridgeMuted).toBe(false);
    act(() => s.bus.publish('ws/ptt', { ...frame('granted', ME, null, chat(1)), via: { kind: 'allcall', id: 'c1', chatId: null } }));
    expect(tile('General')).toHaveAttribute('data-via', 'allcall');
    fireEvent.pointerUp(button(), { pointerId: 1 });
    await waitFor(() => expect(s.posted('/api/ptt/allcall/release')).toEqual([{ callId: 'c1' }]));
    expect(origin.transmits).toEqual([true, false]);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('allcall-result')).toHaveLength(2); // the answer stays until the next press
  });

  it('once a channel answered occupied, Force all-call takes every ticked channel from its speaker', async () => {
    const forced: AllCall = {
      ...ANSWER,
      callId: 'c2',
      results: ANSWER.results.map((r) => ({ ...r, granted: true, code: null, reason: null, floor: held(r.chatId, ME, { kind: 'allcall', id: 'c2', chatId: null }) })),
    };
    let calls = 0;
    const s = setup({ 'POST /api/ptt/allcall': () => (++calls === 1 ? ANSWER : forced) });
    const origin = await ready(s);
    // Offered only once a channel turned out to be occupied.
    expect(screen.queryByRole('button', { name: 'Force all-call' })).toBeNull();
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(screen.getAllByTestId('allcall-result')).toHaveLength(2));
    fireEvent.pointerUp(button(), { pointerId: 1 });
    await waitFor(() => expect(s.posted('/api/ptt/allcall/release')).toHaveLength(1));
    const force = screen.getByRole('button', { name: 'Force all-call' });
    fireEvent.pointerDown(force, { button: 0, pointerId: 2 });
    await waitFor(() => expect(s.posted('/api/ptt/allcall')).toHaveLength(2));
    expect(s.posted('/api/ptt/allcall')[1]).toEqual({ chatIds: [chat(1), chat(2)], maxDurationS: 45, force: true });
    await waitFor(() => expect(screen.getAllByTestId('allcall-result').map((r) => r.getAttribute('data-granted'))).toEqual(['true', 'true']));
    expect(origin.transmits).toEqual([true, false, true]);
    fireEvent.pointerUp(force, { pointerId: 2 });
    await waitFor(() => expect(s.posted('/api/ptt/allcall/release')).toEqual([{ callId: 'c1' }, { callId: 'c2' }]));
    expect(origin.transmits).toEqual([true, false, true, false]);
  });

  it('from the keyboard; a release before the answer ends the call once it comes', async () => {
    const s = setup();
    const origin = await ready(s);
    fireEvent.keyDown(button(), { key: ' ' });
    fireEvent.keyUp(button(), { key: ' ' });
    await waitFor(() => expect(s.posted('/api/ptt/allcall/release')).toEqual([{ callId: 'c1' }]));
    expect(origin.transmits).toEqual([true, false]);
  });

  it('every channel refused: nothing goes out, nothing to release', async () => {
    const refused: AllCall = { ...ANSWER, callId: null, results: ANSWER.results.map((r) => ({ ...r, granted: false, code: 2026, reason: 'pttChannelOccupied', floor: held(r.chatId, MEMBER) })) };
    const s = setup({ 'POST /api/ptt/allcall': () => refused });
    const origin = await ready(s);
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    expect(await screen.findByText('No channel took the call')).toBeInTheDocument();
    expect(screen.getAllByTestId('allcall-result').map((r) => r.getAttribute('data-granted'))).toEqual(['false', 'false']);
    fireEvent.pointerUp(button(), { pointerId: 1 });
    expect(origin.transmits).toEqual([]);
    expect(s.posted('/api/ptt/allcall/release')).toEqual([]);
  });

  it('a floor taken away from the call stops the microphone once none is left', async () => {
    const s = setup();
    const origin = await ready(s);
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(origin.transmits).toEqual([true]));
    act(() => s.bus.publish('ws/ptt', frame('granted', MEMBER, ME, chat(1)))); // force-insert in General
    await waitFor(() => expect(origin.transmits).toEqual([true, false]));
    expect(s.posted('/api/ptt/allcall/release')).toEqual([{ callId: 'c1' }]);
  });

  it('without the origin room connected it says it cannot connect', async () => {
    const s = setup();
    await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(3));
    tick('General');
    tick('Security');
    await waitFor(() => expect(s.origin()).toHaveLength(1));
    fireEvent.pointerDown(button(), { button: 0, pointerId: 1 });
    expect(s.notes.map((n) => n.key)).toContain('client.pttCannotConnect');
    expect(s.posted('/api/ptt/allcall')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    act(() => setLocale('zh'));
    const s = setup();
    await waitFor(() => expect(screen.getAllByTestId('watch-tile')).toHaveLength(3));
    tick('General', '选择 General 用于互联或全呼');
    tick('Security', '选择 Security 用于互联或全呼');
    await waitFor(() => expect(s.origin()).toHaveLength(1));
    s.origin()[0]!.set('connected');
    fireEvent.pointerDown(button('全呼'), { button: 0, pointerId: 1 });
    await waitFor(() => expect(screen.getAllByTestId('allcall-result')).toHaveLength(2));
    expect(screen.getAllByTestId('allcall-result')[0]).toHaveTextContent('General：正在发射');
    expect(screen.getAllByTestId('allcall-result')[1]).toHaveTextContent(/Security：.+（Member 7 正在讲话）/);
  });
});
