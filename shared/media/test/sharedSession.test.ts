import { SessionPool, VIDEOROOM, createMediaClient } from '../src';
import type { JoinOptions, RoomConnection } from '../src';
import { FakeHandle, FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';
import type { FakeSession } from './fakeJanus';

// Rooms joined with `sharedSession` share one Janus session (one long poll) per server and token.

const SHARED: JoinOptions = { path: 'sfu', listenOnly: true, sharedSession: true };

function setup() {
  const janus = fakeJanus();
  const sessions = new SessionPool();
  const options = {
    janusPath: '/janus',
    token: 'tok',
    janus: janus.ctor,
    openMicrophone: () => Promise.resolve(fakeMic().stream),
    createAudio: () => fakeAudio(),
    log: () => undefined,
    sessions,
  };
  // Two clients of one page (the watched rooms' and the all-call room's) share the pool.
  const client = createMediaClient(options);
  const other = createMediaClient(options);
  return { janus, sessions, client, other };
}

/** A room's two handles on a session: attached, the publisher joined (nobody else in the room). */
interface Joined {
  pub: FakeHandle;
  sub: FakeHandle;
}

/**
 * Answers the publisher attaches made since `from` (one per SFU room; each attached publisher then
 * attaches its subscriber): each room joins, listen-only, with nobody else in the room.
 */
function attachAll(session: FakeSession, from = 0): Joined[] {
  const joined: Joined[] = [];
  const pubs = session.plugins.slice(from);
  for (const [i, plugin] of pubs.entries()) {
    const pub = new FakeHandle();
    const sub = new FakeHandle();
    pub.detach = jest.fn();
    sub.detach = jest.fn();
    plugin.success?.(pub);
    session.plugins[session.plugins.length - 1]?.success?.(sub);
    plugin.onmessage?.({ videoroom: 'joined', id: `feed-${from + i}`, private_id: 1, publishers: [] });
    joined.push({ pub, sub });
  }
  return joined;
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const states = (rooms: RoomConnection[]) => rooms.map((r) => r.state);

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('rooms sharing one Janus session', () => {
  it('opens one session for several rooms, of several clients, and attaches every room to it once it is up', async () => {
    const { janus, sessions, client, other } = setup();
    const rooms = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED), other.joinRoom('1-9-5', { path: 'sfu', sharedSession: true })];
    await settle();
    expect(janus.sessions).toHaveLength(1);
    expect(sessions.size).toBe(1);
    const session = janus.last();
    expect(session.options).toMatchObject({ server: '/janus', token: 'tok' });
    expect(session.plugins).toEqual([]); // nothing attaches before the session is up
    session.options.success?.();
    expect(session.plugins.map((p) => p.plugin)).toEqual(Array(3).fill(VIDEOROOM)); // the publishers
    const handles = attachAll(session);
    expect(session.plugins).toHaveLength(6); // and the subscribers
    expect(handles[0]?.pub.sent.map((m) => m.message)).toEqual([{ request: 'join', ptype: 'publisher', chatId: '1-1-1' }]);
    expect(handles[2]?.pub.sent.map((m) => m.message)).toEqual([{ request: 'join', ptype: 'publisher', chatId: '1-9-5' }]);
    expect(states(rooms.slice(0, 2))).toEqual(['connected', 'connected']);

    // A room joining later attaches to the session at once.
    const late = client.joinRoom('1-1-3', SHARED);
    await settle();
    expect(janus.sessions).toHaveLength(1);
    expect(session.plugins).toHaveLength(7);
    attachAll(session, 6);
    expect(late.state).toBe('connected');
  });

  it('keeps rooms without the flag on sessions of their own', async () => {
    const { janus, sessions, client } = setup();
    client.joinRoom('1-1-1', SHARED);
    client.joinRoom('1-1-2', { path: 'sfu' });
    client.joinRoom('1-1-3', { path: 'sfu' });
    await settle();
    expect(janus.sessions).toHaveLength(3);
    expect(sessions.size).toBe(1);
  });

  it('detaches only the handles of a room that leaves, and the last one out destroys the session', async () => {
    const { janus, sessions, client } = setup();
    const [a, b, c] = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED), client.joinRoom('1-1-3', SHARED)];
    await settle();
    const session = janus.last();
    session.options.success?.();
    const [ha, hb, hc] = attachAll(session);
    b.leave();
    expect(hb!.pub.detach).toHaveBeenCalledTimes(1);
    expect(hb!.sub.detach).toHaveBeenCalledTimes(1);
    for (const h of [ha!, hc!]) {
      expect(h.pub.detach).not.toHaveBeenCalled();
      expect(h.sub.detach).not.toHaveBeenCalled();
    }
    expect(session.destroyed).toBe(false);
    expect(states([a, c])).toEqual(['connected', 'connected']);

    a.leave();
    expect(session.destroyed).toBe(false);
    c.leave();
    // The last one out destroys the session (which takes its handles with it) rather than detaching them.
    expect(session.destroyed).toBe(true);
    expect(hc!.pub.detach).not.toHaveBeenCalled();
    expect(sessions.size).toBe(0);

    // The next room makes a new one.
    client.joinRoom('1-1-4', SHARED);
    await settle();
    expect(janus.sessions).toHaveLength(2);
  });

  it('detaches a handle whose attach answers after its room left, and destroys a session that comes up after everyone left', async () => {
    const { janus, client } = setup();
    const [a, b] = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED)];
    await settle();
    const session = janus.last();
    session.options.success?.();
    b.leave();
    const late = new FakeHandle();
    late.detach = jest.fn();
    session.plugins[1]?.success?.(late); // b's publisher, attached after b left
    expect(late.detach).toHaveBeenCalledTimes(1);
    expect(session.destroyed).toBe(false);
    a.leave();
    expect(session.destroyed).toBe(true);

    const c = client.joinRoom('1-1-3', SHARED);
    await settle();
    const next = janus.last();
    c.leave(); // before the session is up: janus.js cannot destroy it yet
    const destroy = jest.spyOn(next, 'destroy');
    next.options.success?.();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(next.plugins).toEqual([]);
  });

  it('makes every room on a lost session retry onto one new shared session', async () => {
    const { janus, sessions, client, other } = setup();
    const rooms = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED), other.joinRoom('1-9-5', { path: 'sfu', sharedSession: true })];
    await settle();
    const first = janus.last();
    first.options.success?.();
    attachAll(first);
    expect(states(rooms.slice(0, 2))).toEqual(['connected', 'connected']);

    first.options.error?.('Lost connection to the server (is it down?)');
    expect(states(rooms)).toEqual(['disconnected', 'disconnected', 'notConnected']);
    expect(first.destroyed).toBe(true); // the last room off it let it go
    expect(sessions.size).toBe(0);

    await jest.advanceTimersByTimeAsync(2_000); // the first retry's wait
    expect(janus.sessions).toHaveLength(2);
    const second = janus.last();
    second.options.success?.();
    expect(second.plugins).toHaveLength(3);
    attachAll(second);
    expect(states(rooms.slice(0, 2))).toEqual(['connected', 'connected']);
    expect(sessions.size).toBe(1);
  });

  it('takes a refused attach for a dead session: every room on it fails over', async () => {
    const { janus, client } = setup();
    const rooms = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED)];
    await settle();
    const first = janus.last();
    first.options.success?.();
    const [ha, hb] = attachAll(first);
    // Janus forgot the session (it timed out): a's ICE goes, and its new attach is refused.
    first.plugins[0]?.iceState?.('failed');
    expect(states(rooms)).toEqual(['disconnected', 'connected']);
    expect([ha!.pub.detach, ha!.sub.detach].map((d) => (d as jest.Mock).mock.calls.length)).toEqual([1, 1]);
    expect(hb!.pub.detach).not.toHaveBeenCalled();
    expect(first.destroyed).toBe(false);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(janus.sessions).toHaveLength(1); // a came back to the same session
    expect(first.plugins).toHaveLength(5);
    first.plugins[4]?.error?.('No such session');
    expect(states(rooms)).toEqual(['disconnected', 'disconnected']);
    expect(first.destroyed).toBe(true);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(janus.sessions).toHaveLength(2);
    const second = janus.last();
    second.options.success?.();
    attachAll(second);
    expect(states(rooms)).toEqual(['connected', 'connected']);
  });

  it('fails every room over when Janus says the session was destroyed', async () => {
    const { janus, client } = setup();
    const rooms = [client.joinRoom('1-1-1', SHARED), client.joinRoom('1-1-2', SHARED)];
    await settle();
    const first = janus.last();
    first.options.success?.();
    attachAll(first);
    first.options.destroyed?.();
    expect(states(rooms)).toEqual(['disconnected', 'disconnected']);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(janus.sessions).toHaveLength(2);
  });
});
