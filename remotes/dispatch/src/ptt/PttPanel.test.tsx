import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Role } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { selectChannel } from '../core';
import { session } from '../core/test';
import { CHAT, ME, MEDIA, MEMBER, connect, floor, frame, posted, pttButton, setupPtt } from './test/pttTest';

const down = (el: HTMLElement) => fireEvent.pointerDown(el, { button: 0, pointerId: 1 });
const up = (el: HTMLElement) => fireEvent.pointerUp(el, { button: 0, pointerId: 1 });
const clock = () => jest.spyOn(performance, 'now');

afterEach(() => jest.restoreAllMocks());

describe('PTT connection', () => {
  it("joins the selected channel's room through the proxy and shows its states", async () => {
    const s = setupPtt();
    await waitFor(() => expect(s.media.rooms).toHaveLength(1));
    expect(s.media.clients[0]).toMatchObject({ janusPath: '/janus', token: 'token' });
    expect(s.media.last().chatId).toBe(CHAT);
    const state = screen.getByTestId('ptt-state');
    expect(state).toHaveAttribute('data-state', 'connecting');
    expect(state).toHaveTextContent('PTT: Connecting');
    s.media.last().set('connected');
    expect(state).toHaveTextContent('PTT: Connected');
    s.media.last().set('disconnected');
    expect(state).toHaveAttribute('data-state', 'disconnected');
    expect(state).toHaveTextContent('PTT: Disconnected');
    const first = s.media.last();
    act(() => void s.store.dispatch(selectChannel(2)));
    await waitFor(() => expect(s.media.rooms).toHaveLength(2));
    expect(first.left).toBe(true);
    expect(s.media.last().chatId).toBe('100001-1-2');
  });

  it("joins the VideoRoom (SFU) path when the server says pttPath 'sfu', the AudioBridge mix otherwise", async () => {
    const sfu = setupPtt({ routes: { 'GET /api/ptt/media': () => ({ ...MEDIA, pttPath: 'sfu' }) } });
    await waitFor(() => expect(sfu.media.rooms).toHaveLength(1));
    expect(sfu.media.last().options).toMatchObject({ path: 'sfu' });
    sfu.unmount();
    const mix = setupPtt({ routes: { 'GET /api/ptt/media': () => ({ ...MEDIA, pttPath: 'mix' }) } });
    await waitFor(() => expect(mix.media.rooms).toHaveLength(1));
    expect(mix.media.last().options).toMatchObject({ path: 'mix' });
    mix.unmount();
    const old = setupPtt(); // an older server: no pttPath
    await waitFor(() => expect(old.media.rooms).toHaveLength(1));
    expect(old.media.last().options).toMatchObject({ path: 'mix' });
  });

  it('without a media server it is not connected, and a press says the intercom cannot connect', async () => {
    const s = setupPtt({ routes: { 'GET /api/ptt/media': () => ({ ...{ available: false, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' } }) } });
    await waitFor(() => expect(s.api.calls.some((c) => c.path === '/api/ptt/media')).toBe(true));
    expect(screen.getByTestId('ptt-state')).toHaveAttribute('data-state', 'notConnected');
    expect(screen.getByTestId('ptt-state')).toHaveTextContent('PTT: Not connected');
    down(pttButton());
    up(pttButton());
    expect(s.notes.map((n) => n.key)).toContain('client.pttCannotConnect');
    expect(posted(s, '/api/ptt/floor')).toEqual([]);
    expect(s.media.rooms).toHaveLength(0);
  });
});

describe('press and release', () => {
  it('asks at once with the max duration, transmits only once granted, and lets go on release', async () => {
    const s = setupPtt({ settings: { pressTimeMs: 300 } });
    const room = await connect(s);
    const now = clock().mockReturnValue(1000);
    down(pttButton());
    expect(pttButton()).toHaveAttribute('data-state', 'requesting');
    expect(room.transmitting).toBe(false);
    await waitFor(() => expect(pttButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(posted(s, '/api/ptt/floor')).toEqual([{ chatId: CHAT, maxDurationS: 45 }]);
    expect(pttButton()).toHaveAttribute('data-state', 'talking');
    expect(room.transmitting).toBe(true);
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('You are talking');
    expect(pttButton()).toHaveAttribute('data-access-ms', '0');
    now.mockReturnValue(2500);
    up(pttButton());
    expect(room.transmits).toEqual([true, false]);
    expect(pttButton()).toHaveAttribute('aria-pressed', 'false');
    expect(pttButton()).toHaveAttribute('data-state', 'idle');
    await waitFor(() => expect(posted(s, '/api/ptt/floor/release')).toEqual([{ chatId: CHAT, discard: false }]));
  });

  it('a release before the press time is sent with discard', async () => {
    const s = setupPtt({ settings: { pressTimeMs: 500 } });
    const room = await connect(s);
    const now = clock().mockReturnValue(1000);
    down(pttButton());
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'talking'));
    now.mockReturnValue(1499);
    up(pttButton());
    await waitFor(() => expect(posted(s, '/api/ptt/floor/release')).toEqual([{ chatId: CHAT, discard: true }]));
    expect(room.transmitting).toBe(false);
  });

  it('a microphone that cannot be opened is reported on press, and nothing is asked', async () => {
    const s = setupPtt();
    const room = await connect(s);
    room.micProblem = { key: 'client.micPermissionDenied' };
    down(pttButton());
    expect(s.notes.map((n) => n.key)).toEqual(['client.micPermissionDenied']);
    expect(posted(s, '/api/ptt/floor')).toEqual([]);
  });

  it.each([
    ['no media server', new ApiError(600, 'rule.pttCannotConnect', 503, 'x'), 'client.pttCannotConnect'],
    ['no answer', new ApiError(-1, 'client.networkError', 0, 'x'), 'client.pttSendFailed'],
    ['holding another floor', new ApiError(2028, 'rule.callNotSupported', 409, 'x'), 'rule.callNotSupported'],
  ])('a refusal for %s is a notification with the spec message', async (_what, error, key) => {
    const s = setupPtt({ routes: { 'POST /api/ptt/floor': () => { throw error; } } });
    const room = await connect(s);
    down(pttButton());
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'refused'));
    expect(s.notes.map((n) => n.key)).toEqual([key]);
    up(pttButton());
    expect(pttButton()).toHaveAttribute('data-state', 'idle');
    expect(room.transmits).toEqual([]);
  });
});

describe('an occupied channel', () => {
  const occupied = () => {
    throw new ApiError(2026, 'rule.pttChannelOccupied', 409, 'occupied', { reason: 'rule.pttChannelOccupied', floor: floor(MEMBER) });
  };

  it('shows who talks and refuses a press; members get no force insert', async () => {
    const s = setupPtt({ who: session({ role: Role.User, id: 3 }), routes: { 'GET /api/ptt/floors': () => [floor(MEMBER)], 'POST /api/ptt/floor': occupied } });
    const room = await connect(s);
    await waitFor(() => expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 7 is talking'));
    expect(screen.queryByRole('button', { name: 'Force insert' })).toBeNull();
    down(pttButton());
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'refused'));
    expect(screen.getByTestId('ptt-notice')).toHaveTextContent('PTT channel occupied: Member 7 is talking');
    expect(s.notes.map((n) => n.key)).toEqual(['rule.pttChannelOccupied']);
    expect(pttButton()).toHaveAttribute('aria-pressed', 'false');
    up(pttButton());
    expect(pttButton()).toHaveAttribute('data-state', 'idle');
    expect(room.transmits).toEqual([]);
  });

  it('staff hold Force insert to take the floor with force: true', async () => {
    let force = false;
    const s = setupPtt({
      routes: {
        'GET /api/ptt/floors': () => [floor(MEMBER)],
        'POST /api/ptt/floor': (body) => ((body as { force?: boolean }).force ? ((force = true), floor(ME)) : occupied()),
      },
    });
    const room = await connect(s);
    const forceButton = await screen.findByRole('button', { name: 'Force insert' });
    down(forceButton);
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'talking'));
    expect(force).toBe(true);
    expect(posted(s, '/api/ptt/floor')).toEqual([{ chatId: CHAT, maxDurationS: 45, force: true }]);
    expect(room.transmitting).toBe(true);
    // The member is no longer talking, but the held button stays until it is let go.
    act(() => s.bus.publish('ws/ptt', frame('preempted', ME, MEMBER)));
    up(screen.getByRole('button', { name: 'Force insert' }));
    expect(room.transmitting).toBe(false);
    await waitFor(() => expect(posted(s, '/api/ptt/floor/release')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Force insert' })).toBeNull();
  });
});

describe('the floor taken away', () => {
  it('a timeout stops the microphone and says the talk reached the max duration', async () => {
    const s = setupPtt();
    const room = await connect(s);
    down(pttButton());
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'talking'));
    act(() => s.bus.publish('ws/ptt', frame('timeout', null, ME)));
    expect(room.transmitting).toBe(false);
    expect(pttButton()).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('ptt-notice')).toHaveTextContent('Talking stopped at the maximum duration (45 s)');
    up(pttButton());
    // The server ended it: nothing to release.
    expect(posted(s, '/api/ptt/floor/release')).toEqual([]);
  });

  it('a force insert by someone else stops the talk and names them; a late frame about our own release does not', async () => {
    const s = setupPtt();
    const room = await connect(s);
    down(pttButton());
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'talking'));
    act(() => s.bus.publish('ws/ptt', frame('released', null, ME)));
    expect(room.transmitting).toBe(true);
    act(() => s.bus.publish('ws/ptt', frame('preempted', { uid: 9, nickname: 'Dispatcher 2' }, ME)));
    expect(room.transmitting).toBe(false);
    expect(screen.getByTestId('ptt-notice')).toHaveTextContent('Dispatcher 2 force-inserted and took the floor');
    expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Dispatcher 2 is talking');
  });
});
