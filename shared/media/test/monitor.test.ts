import { MONITOR_CONNECT_TIMEOUT_MS, PUBLISHER_POLL_MS, createMonitorClient } from '../src';
import type { MonitorState, MonitorSubscription } from '../src';
import type { JanusJS } from '../src/types';
import { FakeMediaStream, fakeJanus, type FakeSession } from './fakeJanus';

// The watching side of environment listen and monitor against a fake janus.js: subscribe through
// the proxy by session id, wait while the device is not sending, answer the VideoRoom's offer
// receive-only, and tell connected, failed and ended apart.

const ROOM = '100001-4-21';
const OFFER: JanusJS.JSEP = { type: 'offer', sdp: 'v=0 offer' };

function setup() {
  const janus = fakeJanus();
  const client = createMonitorClient({ janusPath: '/janus', token: 'tok', janus: janus.ctor, log: () => undefined, createStream: (t) => new FakeMediaStream(t) as unknown as MediaStream });
  return { janus, client };
}

function watch(sub: MonitorSubscription): MonitorState[] {
  const states: MonitorState[] = [];
  sub.state$.subscribe((s) => states.push(s));
  return states;
}

/** Session up and VideoRoom attached; answers the handle's createAnswer with an SDP answer. */
function attach(session: FakeSession): void {
  const handle = session.handle as FakeSession['handle'] & { createAnswer: (p: JanusJS.PluginCreateAnswerParam) => void };
  handle.createAnswer = (p) => p.success?.({ type: 'answer', sdp: 'v=0 answer' });
  session.options.success?.();
  session.plugin.success?.(session.handle);
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const sent = (session: FakeSession) => session.handle.sent.map((s) => s.message);
const track = (kind: 'audio' | 'video') => ({ kind, enabled: true }) as MediaStreamTrack;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('subscribes by session id, answers receive-only, and is connected once WebRTC is up', async () => {
  const { janus, client } = setup();
  const sub = client.subscribe(ROOM);
  const states = watch(sub);
  await settle();
  const session = janus.last();
  expect(session.options).toMatchObject({ server: '/janus', token: 'tok' });
  attach(session);
  expect(session.plugin.plugin).toBe('janus.plugin.videoroom');
  expect(sent(session)).toEqual([{ request: 'join', ptype: 'subscriber', chatId: ROOM }]);
  session.plugin.onmessage?.({ videoroom: 'attached', room: ROOM }, OFFER);
  expect(sent(session)[1]).toEqual({ request: 'start' });
  expect(session.handle.sent[1]?.jsep).toEqual({ type: 'answer', sdp: 'v=0 answer' });
  const audio = track('audio');
  const video = track('video');
  session.plugin.onremotetrack?.(audio, '0', true);
  session.plugin.onremotetrack?.(video, '1', true);
  session.plugin.webrtcState?.(true);
  expect(states).toEqual(['connecting', 'connected']);
  expect((sub.stream as unknown as FakeMediaStream).getTracks()).toEqual([audio, video]);
  // Mute silences the device's audio here only: nothing is sent to Janus.
  sub.setMuted(true);
  expect(audio.enabled).toBe(false);
  expect(video.enabled).toBe(true);
  sub.setMuted(false);
  expect(audio.enabled).toBe(true);
  expect(sent(session)).toHaveLength(2);
  // Nothing times out once connected.
  await jest.advanceTimersByTimeAsync(MONITOR_CONNECT_TIMEOUT_MS * 2);
  expect(sub.state).toBe('connected');
});

it('asks again while the device is not sending yet, and ends when the session is over', async () => {
  const { janus, client } = setup();
  const sub = client.subscribe(ROOM);
  const states = watch(sub);
  await settle();
  const session = janus.last();
  attach(session);
  session.handle.sent[0]?.error?.('428 The device is not sending yet');
  expect(sent(session)).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(PUBLISHER_POLL_MS);
  expect(sent(session)).toHaveLength(2);
  session.handle.sent[1]?.error?.('426 No monitor session is open in 100001-4-21');
  expect(states).toEqual(['connecting', 'ended']);
  expect(sub.endCause).toBeNull();
  expect(session.destroyed).toBe(true);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(janus.sessions).toHaveLength(1);
});

it('says why when the session ended because the device never joined (issue 15)', async () => {
  const { janus, client } = setup();
  const notFound = client.subscribe(ROOM);
  await settle();
  attach(janus.last());
  janus.last().handle.sent[0]?.error?.('426 deviceNotFound: the device did not receive the command; the session has ended');
  expect([notFound.state, notFound.endCause]).toEqual(['ended', 'deviceNotFound']);

  const noJoin = client.subscribe('100001-4-22');
  await settle();
  attach(janus.last());
  janus.last().handle.sent[0]?.error?.('428 The device is not sending yet');
  await jest.advanceTimersByTimeAsync(PUBLISHER_POLL_MS);
  janus.last().handle.sent[1]?.error?.('426 enterRoomFailed: the device did not join its monitor session; the session has ended');
  expect([noJoin.state, noJoin.endCause]).toEqual(['ended', 'enterRoomFailed']);
});

it("ends when the room is destroyed, and subscribes again when the device's feed goes", async () => {
  const { janus, client } = setup();
  const sub = client.subscribe(ROOM);
  const states = watch(sub);
  await settle();
  const first = janus.last();
  attach(first);
  first.plugin.onmessage?.({ videoroom: 'attached' }, OFFER);
  first.plugin.webrtcState?.(true);
  first.plugin.onmessage?.({ videoroom: 'updated', streams: [{ active: false }] });
  expect(sub.state).toBe('connecting');
  expect(sub.stream).toBeNull();
  await jest.advanceTimersByTimeAsync(1_000);
  const second = janus.last();
  expect(second).not.toBe(first);
  attach(second);
  second.plugin.onmessage?.({ videoroom: 'destroyed', room: ROOM });
  expect(states).toEqual(['connecting', 'connected', 'connecting', 'ended']);
});

it('retries a failure with backoff, reconnect() at once, and leave() for good', async () => {
  const { janus, client } = setup();
  const sub = client.subscribe(ROOM);
  const states = watch(sub);
  await settle();
  attach(janus.last());
  janus.last().plugin.onmessage?.({ videoroom: 'attached' }, OFFER);
  await jest.advanceTimersByTimeAsync(MONITOR_CONNECT_TIMEOUT_MS);
  expect(sub.state).toBe('failed');
  await jest.advanceTimersByTimeAsync(1_000);
  expect(janus.sessions).toHaveLength(2);
  expect(sub.state).toBe('connecting');
  sub.reconnect();
  await settle();
  expect(janus.sessions).toHaveLength(3);
  expect(janus.sessions[1]?.destroyed).toBe(true);
  sub.leave();
  expect(janus.sessions[2]?.destroyed).toBe(true);
  expect(states).toEqual(['connecting', 'failed', 'connecting']);
  let done = false;
  sub.state$.subscribe({ complete: () => (done = true) });
  expect(done).toBe(true);
  client.close();
});
