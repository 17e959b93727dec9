import { BRIDGE_DISPLAY, createMediaClient } from '../src';
import type { JoinOptions, MediaClientOptions } from '../src';
import { FakeAudioContext } from './fakeAudioContext';
import type { FakeSource } from './fakeAudioContext';
import { FakeHandle, FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';

// The bridge feed of a PTT room (ADR 024): a console that already hears the bridged talker
// directly leaves the room's `bridge` publisher unheard, without unsubscribing it.

const CHAT = '100001-1-5';

function setup(extra: Partial<MediaClientOptions> = {}) {
  const janus = fakeJanus();
  const audios: (ReturnType<typeof fakeAudio> & { muted: boolean })[] = [];
  const contexts: FakeAudioContext[] = [];
  const client = createMediaClient({
    janusPath: '/janus',
    token: 'tok',
    janus: janus.ctor,
    openMicrophone: () => Promise.resolve(fakeMic().stream),
    createAudio: () => {
      const a = Object.assign(fakeAudio(), { muted: false, volume: 1 });
      audios.push(a);
      return a;
    },
    createAudioContext: () => {
      const ctx = new FakeAudioContext();
      contexts.push(ctx);
      return ctx.asContext;
    },
    gestures: null,
    log: () => undefined,
    ...extra,
  });
  return { janus, audios, contexts, client };
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const track = (id: string) => ({ kind: 'audio', id }) as MediaStreamTrack;
const TALKER = { id: 11, display: 'u7', streams: [{ type: 'audio', mid: '0' }] };
const BRIDGE = { id: 12, display: BRIDGE_DISPLAY, streams: [{ type: 'audio', mid: '0' }] };

/** An SFU room whose subscriber carries a talker on mid 0 and the bridge on mid 1. */
async function joined(env: ReturnType<typeof setup>, join: JoinOptions = {}, streams?: Record<string, unknown>[]) {
  const room = env.client.joinRoom(CHAT, { path: 'sfu', listenOnly: true, ...join });
  await settle();
  const session = env.janus.last();
  const sub = new FakeHandle();
  session.options.success?.();
  session.plugins[0]?.success?.(new FakeHandle());
  session.plugins[1]?.success?.(sub);
  session.plugins[0]?.onmessage?.({ videoroom: 'joined', id: 'me', publishers: [TALKER, BRIDGE] });
  const subPlugin = session.plugins[1]!;
  const toSub = (msg: Record<string, unknown>) => subPlugin.onmessage?.(msg, { type: 'offer', sdp: 'v=0' });
  toSub({
    videoroom: 'attached',
    streams: streams ?? [
      { mid: '0', feed_id: 11, feed_display: 'u7' },
      { mid: '1', feed_id: 12, feed_display: BRIDGE_DISPLAY },
    ],
  });
  const t0 = track('talker');
  const t1 = track('bridge');
  subPlugin.onremotetrack?.(t0, '0', true, { reason: 'created' });
  subPlugin.onremotetrack?.(t1, '1', true, { reason: 'created' });
  return { room, toSub, subPlugin, t0, t1 };
}

/** The tracks feeding the room's strip now (sources still connected to the gain). */
const fed = (ctx: FakeAudioContext | undefined): (string | undefined)[] =>
  (ctx?.sources ?? []).filter((s: FakeSource) => s.outputs.size > 0).map((s) => (s.stream as unknown as { getTracks: () => MediaStreamTrack[] }).getTracks()[0]?.id);

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the bridge feed', () => {
  it('plays like any feed until muted; muted, its element stays playing but silent, the talker is still heard', async () => {
    const env = setup();
    const { room } = await joined(env);
    expect(room.bridgeMuted).toBe(false);
    expect(env.audios.map((a) => a.muted)).toEqual([false, false]);
    room.setBridgeMuted(true);
    expect(room.bridgeMuted).toBe(true);
    expect(env.audios.map((a) => a.muted)).toEqual([false, true]);
    expect(env.audios[1]?.srcObject).not.toBeNull();
    room.setBridgeMuted(false);
    expect(env.audios.map((a) => a.muted)).toEqual([false, false]);
  });

  it('on the WebAudio path the bridge leaves the room strip while muted and comes back after', async () => {
    const env = setup();
    const { room } = await joined(env, { output: { volume: 1, muted: false, pan: 0 } });
    expect(fed(env.contexts[0])).toEqual(['talker', 'bridge']);
    room.setBridgeMuted(true);
    expect(fed(env.contexts[0])).toEqual(['talker']);
    expect(env.audios.every((a) => a.muted)).toBe(true); // the elements only keep Chromium feeding the graph
    room.setBridgeMuted(false);
    expect(fed(env.contexts[0])).toEqual(['talker', 'bridge']);
  });

  it('a bridge that arrives after the mute is silent from its first packet', async () => {
    const env = setup();
    const room = env.client.joinRoom(CHAT, { path: 'sfu', listenOnly: true });
    room.setBridgeMuted(true);
    await settle();
    const session = env.janus.last();
    session.options.success?.();
    session.plugins[0]?.success?.(new FakeHandle());
    session.plugins[1]?.success?.(new FakeHandle());
    session.plugins[0]?.onmessage?.({ videoroom: 'joined', id: 'me', publishers: [BRIDGE] });
    session.plugins[1]?.onmessage?.({ videoroom: 'attached', streams: [{ mid: '0', feed_id: 12 }] }, { type: 'offer', sdp: 'v=0' });
    session.plugins[1]?.onremotetrack?.(track('bridge'), '0', true, { reason: 'created' });
    // No feed_display in the stream list: the display the publisher was announced with tells.
    expect(env.audios.map((a) => a.muted)).toEqual([true]);
  });

  it('follows the mids as Janus reuses them: a mid that now carries a talker is heard', async () => {
    const env = setup();
    const { room, toSub } = await joined(env);
    room.setBridgeMuted(true);
    expect(env.audios.map((a) => a.muted)).toEqual([false, true]);
    toSub({ videoroom: 'updated', streams: [{ mid: '0', feed_id: 12, feed_display: BRIDGE_DISPLAY }, { mid: '1', feed_id: 13, feed_display: 'u8' }] });
    expect(env.audios.map((a) => a.muted)).toEqual([true, false]);
  });

  it('changes nothing on the AudioBridge path (no bridge there)', async () => {
    const env = setup();
    const room = env.client.joinRoom(CHAT, { listenOnly: true });
    await settle();
    const session = env.janus.last();
    session.joinUntilAnswered();
    session.plugin.onremotetrack?.(track('mix'), '0', true, { reason: 'created' });
    room.setBridgeMuted(true);
    expect(room.bridgeMuted).toBe(true);
    expect(env.audios.map((a) => a.muted)).toEqual([false]);
  });
});
