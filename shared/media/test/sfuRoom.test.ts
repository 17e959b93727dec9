import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import { CONNECT_TIMEOUT_MS, ICE_GRACE_MS, SUBSCRIBE_RETRY_MS, VIDEOROOM, createMediaClient } from '../src';
import type { RoomConnection, RoomState } from '../src';
import type { JanusJS } from '../src/types';
import { FakeHandle, FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';
import type { FakeSession } from './fakeJanus';

const CHAT = '100001-1-5';
const ME = 'feed-me';

function setup(mic: () => Promise<MediaStream> = () => Promise.resolve(fakeMic().stream)) {
  const janus = fakeJanus();
  const audios: ReturnType<typeof fakeAudio>[] = [];
  const client = createMediaClient({
    janusPath: '/janus',
    token: 'tok',
    janus: janus.ctor,
    openMicrophone: mic,
    createAudio: () => {
      const a = fakeAudio();
      audios.push(a);
      return a;
    },
    log: () => undefined,
  });
  return { janus, audios, client, join: () => client.joinRoom(CHAT, { path: 'sfu' }) };
}

/** The session comes up and both handles attach; the publisher then waits for `joined`. */
function attach(session: FakeSession) {
  const pub = new FakeHandle();
  const sub = new FakeHandle();
  sub.autoAck = true;
  session.options.success?.();
  session.plugins[0]?.success?.(pub);
  session.plugins[1]?.success?.(sub);
  const pubPlugin = session.plugins[0]!;
  const subPlugin = session.plugins[1]!;
  const toPub = (msg: Record<string, unknown>, jsep?: JanusJS.JSEP) => pubPlugin.onmessage?.(msg, jsep);
  const toSub = (msg: Record<string, unknown>, jsep?: JanusJS.JSEP) => subPlugin.onmessage?.(msg, jsep);
  /** Janus offers, the room answers receive-only: the answer's `start` goes out. */
  const offer = (msg: Record<string, unknown>) => {
    toSub(msg, { type: 'offer', sdp: 'v=0 sub offer' });
    sub.answers[sub.answers.length - 1]?.success?.({ type: 'answer', sdp: 'v=0 sub answer' });
  };
  /** joined, our offer answered (the proxy's `configured` after moderation), PeerConnection up. */
  const joined = (publishers: unknown[] = []) => {
    toPub({ videoroom: 'joined', id: ME, private_id: 1, publishers });
    pub.offers[0]?.success?.({ type: 'offer', sdp: 'v=0 offer' });
    toPub({ videoroom: 'event', configured: 'ok' }, { type: 'answer', sdp: 'v=0 answer' });
  };
  const subRequests = () => sub.sent.map((s) => s.message);
  return { pub, sub, pubPlugin, subPlugin, toPub, toSub, offer, joined, subRequests };
}

function watch(room: RoomConnection) {
  const states: RoomState[] = [];
  const problems: string[] = [];
  room.state$.subscribe((s) => states.push(s));
  room.problems$.subscribe((p) => problems.push(p.key));
  return { states, problems };
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const audioFeed = (id: string, mid = '0') => ({ id, display: `u${id}`, streams: [{ type: 'audio', mid, codec: 'opus' }] });

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('joining an SFU room', () => {
  it('publishes the disabled microphone send-only and is connected once it is up (nobody else there)', async () => {
    const { stream, track } = fakeMic();
    const { janus, join } = setup(() => Promise.resolve(stream));
    const room = join();
    const seen = watch(room);
    await settle();
    const session = janus.last();
    expect(session.options).toMatchObject({ server: '/janus', token: 'tok' });
    const s = attach(session);
    expect(session.plugins.map((p) => p.plugin)).toEqual([VIDEOROOM, VIDEOROOM]);
    expect(s.pub.sent.map((m) => m.message)).toEqual([{ request: 'join', ptype: 'publisher', chatId: CHAT }]);
    s.joined();
    expect(s.pub.offers[0]?.tracks).toEqual([{ type: 'audio', capture: track, recv: false, dontStop: true }]);
    expect(s.pub.sent.map((m) => m.message)).toEqual([
      { request: 'join', ptype: 'publisher', chatId: CHAT },
      { request: 'configure', audio: true, video: false },
    ]);
    expect(s.pub.sent[1]?.jsep).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(s.pub.remote).toEqual([{ type: 'answer', sdp: 'v=0 answer' }]);
    expect(track.enabled).toBe(false);
    expect(s.sub.sent).toEqual([]); // nobody to hear yet
    expect(room.state).toBe('connecting');
    s.pubPlugin.webrtcState?.(true);
    expect(seen.states).toEqual(['connecting', 'connected']);
    expect(seen.problems).toEqual([]);
  });

  it('subscribes to every other publisher in the room at join, answers receive-only, and needs both PeerConnections', async () => {
    const { janus, join } = setup();
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a'), { id: 'b', display: 'ub', streams: [{ type: 'audio', mid: '0' }, { type: 'data', mid: '1' }] }]);
    expect(s.subRequests()).toEqual([
      {
        request: 'join',
        ptype: 'subscriber',
        chatId: CHAT,
        streams: [
          { feed: 'a', mid: '0' },
          { feed: 'b', mid: '0' },
        ],
      },
    ]);
    s.offer({ videoroom: 'attached', room: CHAT });
    expect(s.sub.answers[0]).toMatchObject({ jsep: { type: 'offer', sdp: 'v=0 sub offer' }, tracks: [] });
    expect(s.subRequests()[1]).toEqual({ request: 'start' });
    expect(s.sub.sent[1]?.jsep).toEqual({ type: 'answer', sdp: 'v=0 sub answer' });
    s.pubPlugin.webrtcState?.(true);
    expect(room.state).toBe('connecting'); // we are heard, but do not hear the others yet
    s.subPlugin.webrtcState?.(true);
    expect(room.state).toBe('connected');
  });

  it('keeps the subscription in step: one request at a time, never our own feed, gone feeds left to Janus', async () => {
    const { janus, join } = setup();
    join();
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a')]);
    // Two talkers arrive while the join's offer is still being answered: they wait for it.
    s.toPub({ videoroom: 'event', publishers: [audioFeed('b'), audioFeed(ME)] });
    s.toPub({ videoroom: 'event', publishers: [audioFeed('c', '3')] });
    expect(s.subRequests()).toHaveLength(1);
    s.offer({ videoroom: 'attached' });
    expect(s.subRequests().slice(1)).toEqual([
      { request: 'start' },
      {
        request: 'subscribe',
        streams: [
          { feed: 'b', mid: '0' },
          { feed: 'c', mid: '3' },
        ],
      },
    ]);
    // 'a' leaves and 'b' unpublishes: Janus updates the subscription itself (autoupdate) and offers.
    s.toPub({ videoroom: 'event', leaving: 'a' });
    s.toPub({ videoroom: 'event', unpublished: 'b' });
    expect(s.subRequests()).toHaveLength(3);
    s.offer({ videoroom: 'updated', streams: [] });
    expect(s.subRequests()[3]).toEqual({ request: 'start' });
    expect(s.sub.answers).toHaveLength(2);
    // 'b' publishes again: subscribed again (Janus reuses the idle m-line).
    s.toPub({ videoroom: 'event', publishers: [audioFeed('b')] });
    expect(s.subRequests()[4]).toEqual({ request: 'subscribe', streams: [{ feed: 'b', mid: '0' }] });
    s.toSub({ videoroom: 'updated' }); // nothing changed: no offer, next request may go
    s.toPub({ videoroom: 'event', publishers: [audioFeed('d')] });
    expect(s.subRequests()[5]).toEqual({ request: 'subscribe', streams: [{ feed: 'd', mid: '0' }] });
    const all = JSON.stringify(s.subRequests());
    expect(all).not.toContain(ME);
  });

  it('ignores publishers with no audio to hear, and a moderation event changes nothing', async () => {
    const { janus, join } = setup();
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.joined([{ id: 'v', streams: [{ type: 'video', mid: '0' }] }, { id: 'x', streams: [{ type: 'audio', mid: '0', disabled: true }] }]);
    s.toPub({ videoroom: 'event', id: ME, mid: '0', moderation: 'muted' });
    expect(s.subRequests()).toEqual([]);
    s.pubPlugin.webrtcState?.(true);
    expect(room.state).toBe('connected');
  });

  it('ignores a short ICE disconnection of the subscriber but rejoins after the grace period', async () => {
    const { janus, join } = setup();
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a')]);
    s.offer({ videoroom: 'attached' });
    s.pubPlugin.webrtcState?.(true);
    s.subPlugin.webrtcState?.(true);
    s.subPlugin.iceState?.('disconnected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS - 1);
    s.subPlugin.iceState?.('connected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS);
    expect(room.state).toBe('connected');
    s.pubPlugin.iceState?.('disconnected');
    await jest.advanceTimersByTimeAsync(ICE_GRACE_MS);
    expect(room.state).toBe('disconnected');
    expect(janus.sessions[0]?.destroyed).toBe(true);
  });

  it('a refused subscribe is tried again for the feeds still published', async () => {
    const { janus, join } = setup();
    join();
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a'), audioFeed('b')]);
    s.toSub({ videoroom: 'event', error_code: 428, error: 'No such feed (b)' });
    s.toPub({ videoroom: 'event', leaving: 'b' });
    await jest.advanceTimersByTimeAsync(SUBSCRIBE_RETRY_MS - 1);
    expect(s.subRequests()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    // The subscriber never joined, so the retry is a join again.
    expect(s.subRequests()[1]).toEqual({ request: 'join', ptype: 'subscriber', chatId: CHAT, streams: [{ feed: 'a', mid: '0' }] });
  });

  it('transmitting only enables the microphone track, with no signalling', async () => {
    const { stream, track } = fakeMic();
    const { janus, join } = setup(() => Promise.resolve(stream));
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.joined();
    const before = s.pub.sent.length;
    room.setTransmitting(true);
    expect(track.enabled).toBe(true);
    room.setTransmitting(false);
    expect(track.enabled).toBe(false);
    expect(s.pub.sent).toHaveLength(before);
  });

  it('plays every remote track on its own element, on the chosen speaker; a muted track keeps playing', async () => {
    const { janus, audios, client } = setup();
    const room = client.joinRoom(CHAT, { path: 'sfu', speakerId: 'spk-2' });
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a'), audioFeed('b')]);
    const t0 = { kind: 'audio', id: 't0' } as MediaStreamTrack;
    const t1 = { kind: 'audio', id: 't1' } as MediaStreamTrack;
    s.subPlugin.onremotetrack?.(t0, '0', true, { reason: 'created' });
    s.subPlugin.onremotetrack?.(t1, '1', true, { reason: 'created' });
    expect(audios).toHaveLength(2);
    expect(audios.map((a) => (a.srcObject as unknown as FakeMediaStream).getTracks())).toEqual([[t0], [t1]]);
    expect(audios.every((a) => a.autoplay && a.play.mock.calls.length === 1)).toBe(true);
    expect(audios.every((a) => (a.setSinkId.mock.calls[0] as unknown[] | undefined)?.[0] === 'spk-2')).toBe(true);
    room.setSpeaker('spk-3');
    expect(audios.every((a) => (a.setSinkId.mock.calls[1] as unknown[] | undefined)?.[0] === 'spk-3')).toBe(true);
    s.subPlugin.onremotetrack?.(t0, '0', false, { reason: 'mute' });
    expect(audios[0]?.srcObject).not.toBeNull();
    s.subPlugin.onremotetrack?.(t0, '0', false, { reason: 'ended' });
    expect(audios[0]?.srcObject).toBeNull();
    expect(audios[1]?.srcObject).not.toBeNull();
  });

  it('without a microphone it only listens: joined as a publisher for the events, never publishes', async () => {
    const { janus, join } = setup(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    const room = join();
    const seen = watch(room);
    await settle();
    expect(room.micProblem?.key).toBe(CLIENT_ERROR_KEYS.micPermissionDenied);
    const s = attach(janus.last());
    s.toPub({ videoroom: 'joined', id: ME, publishers: [] });
    expect(s.pub.offers).toEqual([]);
    expect(s.pub.sent.map((m) => m.message)).toEqual([{ request: 'join', ptype: 'publisher', chatId: CHAT }]);
    expect(room.state).toBe('connected');
    expect(seen.problems).toEqual([CLIENT_ERROR_KEYS.micPermissionDenied]);
  });
});

describe('losing and regaining an SFU room', () => {
  it('a lost subscriber PeerConnection rejoins with backoff, keeping the microphone', async () => {
    const openMic = jest.fn(() => Promise.resolve(fakeMic().stream));
    const { janus, join } = setup(openMic);
    const room = join();
    const seen = watch(room);
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a')]);
    s.offer({ videoroom: 'attached' });
    s.pubPlugin.webrtcState?.(true);
    s.subPlugin.webrtcState?.(true);
    s.subPlugin.webrtcState?.(false);
    expect(room.state).toBe('disconnected');
    expect(janus.sessions[0]?.destroyed).toBe(true);
    expect(seen.problems).toEqual([CLIENT_ERROR_KEYS.pttCannotConnect]);
    // Late callbacks of the dead attempt change nothing.
    s.toPub({ videoroom: 'event', publishers: [audioFeed('z')] });
    expect(s.subRequests()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(janus.sessions).toHaveLength(2);
    const again = attach(janus.last());
    expect(again.pub.sent[0]?.message).toEqual({ request: 'join', ptype: 'publisher', chatId: CHAT });
    again.joined([audioFeed('a')]);
    again.offer({ videoroom: 'attached' });
    again.pubPlugin.webrtcState?.(true);
    again.subPlugin.webrtcState?.(true);
    expect(seen.states).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
    expect(openMic).toHaveBeenCalledTimes(1);
  });

  it('a refused publisher join or a join that never connects counts as a failure', async () => {
    const { janus, join } = setup();
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.toPub({ videoroom: 'event', error_code: 403, error: 'Not allowed' });
    expect(room.state).toBe('notConnected');
    expect(janus.sessions[0]?.destroyed).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    janus.last().options.success?.();
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(janus.sessions[1]?.destroyed).toBe(true);
    expect(room.state).toBe('notConnected');
  });

  it('being kicked out of the room rejoins', async () => {
    const { janus, join } = setup();
    const room = join();
    await settle();
    const s = attach(janus.last());
    s.joined();
    s.pubPlugin.webrtcState?.(true);
    s.toPub({ videoroom: 'event', leaving: 'ok', reason: 'kicked' });
    expect(room.state).toBe('disconnected');
  });

  it('leave destroys the session, stops the microphone and the players, and completes', async () => {
    const { stream, track } = fakeMic();
    const { janus, audios, join } = setup(() => Promise.resolve(stream));
    const room = join();
    let completed = false;
    room.state$.subscribe({ complete: () => (completed = true) });
    await settle();
    const s = attach(janus.last());
    s.joined([audioFeed('a')]);
    s.subPlugin.onremotetrack?.({ kind: 'audio', id: 't0' } as MediaStreamTrack, '0', true, { reason: 'created' });
    room.leave();
    expect(janus.last().destroyed).toBe(true);
    expect(track.stop).toHaveBeenCalled();
    expect(audios[0]?.srcObject).toBeNull();
    expect(completed).toBe(true);
    s.pubPlugin.webrtcState?.(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(janus.sessions).toHaveLength(1);
    await expect(room.getInboundStats()).resolves.toBeNull();
  });

  it("the 'mix' path (and no path) is still the AudioBridge room", async () => {
    const { janus, client } = setup();
    client.joinRoom(CHAT, { path: 'mix' });
    client.joinRoom(CHAT);
    await settle();
    for (const session of janus.sessions) {
      session.options.success?.();
      expect(session.plugin.plugin).toBe('janus.plugin.audiobridge');
    }
  });
});
