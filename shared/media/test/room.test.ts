import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import { CONNECT_TIMEOUT_MS, ICE_GRACE_MS, createMediaClient } from '../src';
import type { RoomConnection, RoomState } from '../src';
import { FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';

const CHAT = '100001-1-5';

function setup(mic: () => Promise<MediaStream> = () => Promise.resolve(fakeMic().stream)) {
  const janus = fakeJanus();
  const audio = fakeAudio();
  const client = createMediaClient({ janusPath: '/janus', token: 'tok', janus: janus.ctor, openMicrophone: mic, createAudio: () => audio, log: () => undefined });
  return { janus, audio, client };
}

function watch(room: RoomConnection) {
  const states: RoomState[] = [];
  const problems: string[] = [];
  room.state$.subscribe((s) => states.push(s));
  room.problems$.subscribe((p) => problems.push(p.key));
  return { states, problems };
}

/** Lets the room's awaited steps (janus.js load, microphone) run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('joining a room', () => {
  it('joins by chat id through the proxy, offers the disabled microphone and asks only to stay muted', async () => {
    const { stream, track } = fakeMic();
    const { janus, client } = setup(() => Promise.resolve(stream));
    const room = client.joinRoom(CHAT);
    const seen = watch(room);
    await settle();
    const session = janus.last();
    expect(session.options).toMatchObject({ server: '/janus', token: 'tok' });
    session.joinUntilAnswered();
    expect(session.plugin.plugin).toBe('janus.plugin.audiobridge');
    expect(session.handle.sent.map((s) => s.message)).toEqual([{ request: 'join', chatId: CHAT }, { request: 'configure', muted: true }]);
    expect(session.handle.sent[1]?.jsep).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(session.handle.offers[0]?.tracks).toEqual([{ type: 'audio', capture: track, recv: true, dontStop: true }]);
    expect(track.enabled).toBe(false);
    expect(session.handle.remote).toEqual([{ type: 'answer', sdp: 'v=0 answer' }]);
    expect(room.state).toBe('connecting');
    session.plugin.webrtcState?.(true);
    expect(seen.states).toEqual(['connecting', 'connected']);
    expect(seen.problems).toEqual([]);
  });

  it('enables the microphone track only while transmitting', async () => {
    const { stream, track } = fakeMic();
    const { janus, client } = setup(() => Promise.resolve(stream));
    const room = client.joinRoom(CHAT);
    await settle();
    janus.last().joinUntilAnswered();
    room.setTransmitting(true);
    expect(track.enabled).toBe(true);
    room.setTransmitting(false);
    expect(track.enabled).toBe(false);
    expect(janus.last().handle.sent.some((s) => s.message.muted === false)).toBe(false);
  });

  it('plays the room audio on the chosen speaker', async () => {
    const { janus, audio, client } = setup();
    client.joinRoom(CHAT, { speakerId: 'spk-2' });
    await settle();
    const session = janus.last();
    session.joinUntilAnswered();
    const remote = { kind: 'audio' } as MediaStreamTrack;
    session.plugin.onremotetrack?.(remote, '0', true, { reason: 'created' });
    expect((audio.srcObject as unknown as FakeMediaStream).getTracks()).toEqual([remote]);
    expect(audio.autoplay).toBe(true);
    expect(audio.setSinkId).toHaveBeenCalledWith('spk-2');
    expect(audio.play).toHaveBeenCalled();
    session.plugin.onremotetrack?.(remote, '0', false, { reason: 'mute' });
    expect(audio.srcObject).not.toBeNull();
    session.plugin.onremotetrack?.(remote, '0', false, { reason: 'ended' });
    expect(audio.srcObject).toBeNull();
  });

  it.each([
    ['NotAllowedError', CLIENT_ERROR_KEYS.micPermissionDenied],
    ['NotFoundError', CLIENT_ERROR_KEYS.micNotFound],
    ['NotReadableError', CLIENT_ERROR_KEYS.micInUse],
  ])('a microphone %s is reported and the room still joins to listen', async (name, key) => {
    const { janus, client } = setup(() => Promise.reject(new DOMException('no', name)));
    const room = client.joinRoom(CHAT);
    const seen = watch(room);
    await settle();
    expect(room.micProblem?.key).toBe(key);
    expect(seen.problems).toEqual([key]);
    const session = janus.last();
    session.joinUntilAnswered();
    expect(session.handle.offers[0]?.tracks).toEqual([{ type: 'audio', capture: false, recv: true, dontStop: true }]);
    session.plugin.webrtcState?.(true);
    expect(room.state).toBe('connected');
  });
});

describe('losing and regaining the room', () => {
  it('a session that never comes up is not connected, and is tried again with growing waits', async () => {
    const { janus, client } = setup();
    const room = client.joinRoom(CHAT);
    const seen = watch(room);
    await settle();
    janus.last().options.error?.('Is the server down?');
    expect(room.state).toBe('notConnected');
    expect(seen.problems).toEqual([CLIENT_ERROR_KEYS.pttCannotConnect]);
    expect(janus.sessions[0]?.destroyed).toBe(true);
    await jest.advanceTimersByTimeAsync(999);
    expect(janus.sessions).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(janus.sessions).toHaveLength(2);
    janus.last().options.error?.('still down');
    await jest.advanceTimersByTimeAsync(1999);
    expect(janus.sessions).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(janus.sessions).toHaveLength(3);
    // One message per outage, not one per try.
    expect(seen.problems).toEqual([CLIENT_ERROR_KEYS.pttCannotConnect]);
    janus.last().joinUntilAnswered();
    janus.last().plugin.webrtcState?.(true);
    expect(seen.states).toEqual(['connecting', 'notConnected', 'connected']);
  });

  it('a lost session after connecting is disconnected until the rejoin connects, keeping the microphone', async () => {
    const openMic = jest.fn(() => Promise.resolve(fakeMic().stream));
    const { janus, client } = setup(openMic);
    const room = client.joinRoom(CHAT);
    const seen = watch(room);
    await settle();
    janus.last().joinUntilAnswered();
    janus.last().plugin.webrtcState?.(true);
    janus.last().options.error?.('Lost connection to the server (is it down?)');
    expect(room.state).toBe('disconnected');
    await jest.advanceTimersByTimeAsync(1000);
    expect(janus.sessions).toHaveLength(2);
    expect(room.state).toBe('disconnected');
    janus.last().joinUntilAnswered();
    expect(janus.last().handle.sent[0]?.message).toEqual({ request: 'join', chatId: CHAT });
    janus.last().plugin.webrtcState?.(true);
    expect(seen.states).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
    expect(openMic).toHaveBeenCalledTimes(1);
  });

  it('ignores a short ICE disconnection but rejoins after the grace period', async () => {
    const { janus, client } = setup();
    const room = client.joinRoom(CHAT);
    await settle();
    const first = janus.last();
    first.joinUntilAnswered();
    first.plugin.webrtcState?.(true);
    first.plugin.iceState?.('disconnected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS - 1);
    first.plugin.iceState?.('connected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS);
    expect(room.state).toBe('connected');
    first.plugin.iceState?.('disconnected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS);
    expect(room.state).toBe('disconnected');
    expect(first.destroyed).toBe(true);
  });

  it('a refused join and a join that never connects both count as failures', async () => {
    const { janus, client } = setup();
    const room = client.joinRoom(CHAT);
    await settle();
    const first = janus.last();
    first.options.success?.();
    first.plugin.success?.(first.handle);
    first.plugin.onmessage?.({ audiobridge: 'event', error_code: 485, error: 'No such room' });
    expect(room.state).toBe('notConnected');
    await jest.advanceTimersByTimeAsync(1000);
    janus.last().options.success?.();
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(janus.sessions[1]?.destroyed).toBe(true);
    expect(room.state).toBe('notConnected');
  });

  it('leave destroys the session, stops the microphone, completes, and ignores late callbacks', async () => {
    const { stream, track } = fakeMic();
    const { janus, client } = setup(() => Promise.resolve(stream));
    const room = client.joinRoom(CHAT);
    let completed = false;
    room.state$.subscribe({ complete: () => (completed = true) });
    await settle();
    const session = janus.last();
    session.joinUntilAnswered();
    room.leave();
    expect(session.destroyed).toBe(true);
    expect(track.stop).toHaveBeenCalled();
    expect(completed).toBe(true);
    session.plugin.webrtcState?.(true);
    session.options.error?.('late');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(janus.sessions).toHaveLength(1);
    expect(room.state).toBe('connecting');
  });
});

describe('leaving early', () => {
  it('a microphone granted after leave is stopped at once, and no session is made', async () => {
    const { stream, track } = fakeMic();
    let grant: (s: MediaStream) => void = () => undefined;
    const { janus, client } = setup(() => new Promise((resolve) => (grant = resolve)));
    const room = client.joinRoom(CHAT);
    await settle();
    room.leave();
    grant(stream);
    await settle();
    expect(track.stop).toHaveBeenCalled();
    expect(janus.sessions).toHaveLength(0);
  });
});
