import { DUCK_FACTOR, DUCK_TIME_CONSTANT, LEVEL_WINDOW, createMediaClient } from '../src';
import type { ChannelOutputSettings, JoinOptions, MediaClientOptions } from '../src';
import { FakeAudioContext, chain } from './fakeAudioContext';
import type { FakeSource } from './fakeAudioContext';
import { FakeHandle, FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';

const CHAT = '100001-1-5';
const LOUD: ChannelOutputSettings = { volume: 0.8, muted: false, pan: -1 };

function setup(extra: Partial<MediaClientOptions> = {}) {
  const janus = fakeJanus();
  const audios: ReturnType<typeof fakeAudio>[] = [];
  const contexts: FakeAudioContext[] = [];
  const openMicrophone = jest.fn(() => Promise.resolve(fakeMic().stream));
  const log = jest.fn();
  const client = createMediaClient({
    janusPath: '/janus',
    token: 'tok',
    janus: janus.ctor,
    openMicrophone,
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
    log,
    ...extra,
  });
  return { janus, audios, contexts, openMicrophone, log, client };
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const remoteTrack = (id: string) => ({ kind: 'audio', id }) as MediaStreamTrack;
const fedTrack = (source: FakeSource | undefined) => (source?.stream as unknown as FakeMediaStream | undefined)?.getTracks();

/** An SFU room up to its subscriber, which then plays `tracks` (one per mid). */
async function sfuRoom(env: ReturnType<typeof setup>, join: JoinOptions, tracks: MediaStreamTrack[]) {
  const room = env.client.joinRoom(CHAT, { path: 'sfu', ...join });
  await settle();
  const session = env.janus.last();
  const pub = new FakeHandle();
  const sub = new FakeHandle();
  session.options.success?.();
  session.plugins[0]?.success?.(pub);
  session.plugins[1]?.success?.(sub);
  session.plugins[0]?.onmessage?.({ videoroom: 'joined', id: 'me', publishers: [] });
  tracks.forEach((t, mid) => session.plugins[1]?.onremotetrack?.(t, String(mid), true, { reason: 'created' }));
  return { room, pub, subPlugin: session.plugins[1]! };
}

/** An AudioBridge room, joined and answered, playing `track` (its mix). */
async function mixRoom(env: ReturnType<typeof setup>, join: JoinOptions, track: MediaStreamTrack) {
  const room = env.client.joinRoom(CHAT, join);
  await settle();
  const session = env.janus.last();
  session.joinUntilAnswered();
  session.plugin.onremotetrack?.(track, '0', true, { reason: 'created' });
  return { room, session };
}

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('listening only', () => {
  it('an SFU room never asks for the microphone and never publishes', async () => {
    const env = setup();
    const { room, pub } = await sfuRoom(env, { listenOnly: true }, []);
    expect(env.openMicrophone).not.toHaveBeenCalled();
    expect(room.micProblem).toBeNull();
    expect(pub.offers).toEqual([]);
    expect(pub.sent.map((m) => m.message)).toEqual([{ request: 'join', ptype: 'publisher', chatId: CHAT }]);
    expect(room.state).toBe('connected');
  });

  it('an AudioBridge room never asks for the microphone and offers to receive only, muted', async () => {
    const env = setup();
    const { session } = await mixRoom(env, { listenOnly: true }, remoteTrack('mix'));
    expect(env.openMicrophone).not.toHaveBeenCalled();
    expect(session.handle.offers[0]?.tracks).toEqual([{ type: 'audio', capture: false, recv: true, dontStop: true }]);
    expect(session.handle.sent.map((s) => s.message)).toEqual([{ request: 'join', chatId: CHAT }, { request: 'configure', muted: true }]);
  });
});

describe('without output settings', () => {
  it('plays through unmuted <audio> elements and makes no AudioContext; the level is 0', async () => {
    const env = setup();
    const { room } = await sfuRoom(env, {}, [remoteTrack('t0')]);
    expect(env.contexts).toEqual([]);
    expect(env.audios[0]?.muted).toBe(false);
    expect(env.audios[0]?.play).toHaveBeenCalled();
    expect(room.getOutputLevel()).toBe(0);
  });
});

describe('the WebAudio output', () => {
  it('feeds every remote track through the room gain, panner and analyser to the speakers, the elements muted but playing', async () => {
    const env = setup();
    const t0 = remoteTrack('t0');
    const t1 = remoteTrack('t1');
    await sfuRoom(env, { output: LOUD }, [t0, t1]);
    const [ctx] = env.contexts;
    expect(env.contexts).toHaveLength(1);
    expect(env.audios.map((a) => [a.muted, a.play.mock.calls.length > 0])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(ctx?.sources.map(fedTrack)).toEqual([[t0], [t1]]);
    for (const source of ctx?.sources ?? []) expect(chain(source)).toEqual(['source', 'gain', 'panner', 'analyser', 'destination']);
    expect(ctx?.sources[0]?.next).toBe(ctx?.sources[1]?.next); // one gain for the room
    expect(ctx?.gains[0]?.gain.value).toBe(0.8);
    expect(ctx?.panners[0]?.pan.value).toBe(-1);
    expect(ctx?.analysers[0]?.fftSize).toBe(LEVEL_WINDOW);
  });

  it('the AudioBridge room takes the same path for its mix', async () => {
    const env = setup();
    const mix = remoteTrack('mix');
    const { room } = await mixRoom(env, { output: { volume: 0.5, muted: false, pan: 1 } }, mix);
    const ctx = env.contexts[0];
    expect(env.audios[0]?.muted).toBe(true);
    expect(ctx?.sources.map(fedTrack)).toEqual([[mix]]);
    expect(chain(ctx?.sources[0])).toEqual(['source', 'gain', 'panner', 'analyser', 'destination']);
    ctx!.analysers[0]!.sample = 0.25;
    expect(room.getOutputLevel()).toBeCloseTo(0.25);
  });

  it('rooms share one context, each with its own strip, so volume, mute and pan are per room', async () => {
    const env = setup();
    const a = await sfuRoom(env, { output: LOUD }, [remoteTrack('a')]);
    const b = await sfuRoom(env, { output: { volume: 0.3, muted: false, pan: 1 } }, [remoteTrack('b')]);
    const ctx = env.contexts[0]!;
    expect(env.contexts).toHaveLength(1);
    expect(ctx.gains.map((g) => g.gain.value)).toEqual([0.8, 0.3]);
    b.room.setOutput({ volume: 0.3, muted: true, pan: 0 });
    expect(ctx.gains.map((g) => g.gain.value)).toEqual([0.8, 0]);
    expect(ctx.panners.map((p) => p.pan.value)).toEqual([-1, 0]);
    a.room.setOutput({ volume: 2, muted: false, pan: 1 });
    expect(ctx.gains[0]?.gain.value).toBe(1); // clamped
    a.room.setOutput({ volume: Number.NaN, muted: false, pan: 1 });
    expect(ctx.gains[0]?.gain.value).toBe(0); // an AudioParam would throw on NaN
  });

  it('ducked, the gain glides to a fifth of the volume and back; volume changes while ducked stay ducked', async () => {
    const env = setup();
    const { room } = await sfuRoom(env, { output: { ...LOUD, duck: true } }, [remoteTrack('t0')]);
    const ctx = env.contexts[0]!;
    const gain = ctx.gains[0]!.gain;
    expect(gain.value).toBeCloseTo(0.8 * DUCK_FACTOR); // joined while another channel has priority: no glide
    expect(gain.glides).toEqual([]);
    room.setOutput(LOUD);
    ctx.currentTime = 12.5;
    room.setOutput({ ...LOUD, duck: true });
    expect(gain.glides).toEqual([
      [0.8, 0, DUCK_TIME_CONSTANT],
      [0.8 * DUCK_FACTOR, 12.5, DUCK_TIME_CONSTANT],
    ]);
    expect(gain.cancelScheduledValues).toHaveBeenLastCalledWith(12.5);
    room.setOutput({ ...LOUD, volume: 0.5, duck: true }); // the slider moved: a jump, still ducked
    expect(gain.glides).toHaveLength(2);
    expect(gain.value).toBeCloseTo(0.5 * DUCK_FACTOR);
    room.setOutput({ ...LOUD, muted: true, duck: true });
    expect(gain.value).toBe(0);
    room.setOutput({ ...LOUD, volume: 0.5 });
    expect(gain.glides[2]).toEqual([0.5, 12.5, DUCK_TIME_CONSTANT]);
    expect(gain.value).toBe(0.5);
  });

  it('the level is the RMS the analyser measures after the gain, and 0 when muted or with nothing playing', async () => {
    const env = setup();
    const { room, subPlugin } = await sfuRoom(env, { output: LOUD }, [remoteTrack('t0')]);
    const analyser = env.contexts[0]!.analysers[0]!;
    analyser.sample = -0.5;
    expect(room.getOutputLevel()).toBeCloseTo(0.5);
    room.setOutput({ ...LOUD, muted: true });
    expect(room.getOutputLevel()).toBe(0);
    room.setOutput(LOUD);
    subPlugin.onremotetrack?.(remoteTrack('t0-old'), '0', false, { reason: 'ended' }); // an older track: ignored
    expect(room.getOutputLevel()).toBeCloseTo(0.5);
    const playing = env.contexts[0]!.sources[0]!;
    subPlugin.onremotetrack?.((playing.stream as unknown as FakeMediaStream).getTracks()[0] as MediaStreamTrack, '0', false, { reason: 'ended' });
    expect(playing.outputs.size).toBe(0);
    expect(room.getOutputLevel()).toBe(0);
  });

  it('a room joined without settings moves onto WebAudio when first given them', async () => {
    const env = setup();
    const t0 = remoteTrack('t0');
    const { room } = await sfuRoom(env, {}, [t0]);
    expect(env.audios[0]?.muted).toBe(false);
    room.setOutput({ volume: 0.6, muted: false, pan: 0 });
    const ctx = env.contexts[0];
    expect(env.audios[0]?.muted).toBe(true);
    expect(ctx?.sources.map(fedTrack)).toEqual([[t0]]);
    expect(ctx?.gains[0]?.gain.value).toBe(0.6);
  });

  it('leaving takes the room out of the graph; a rejoin keeps the strip and feeds the new tracks', async () => {
    const env = setup();
    const { room } = await sfuRoom(env, { output: LOUD }, [remoteTrack('t0')]);
    const ctx = env.contexts[0]!;
    env.janus.last().plugins[1]?.webrtcState?.(false); // the subscriber dropped: rejoin
    expect(ctx.sources[0]?.outputs.size).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(env.janus.sessions).toHaveLength(2);
    const session = env.janus.last();
    session.options.success?.();
    session.plugins[0]?.success?.(new FakeHandle());
    session.plugins[1]?.success?.(new FakeHandle());
    const t1 = remoteTrack('t1');
    session.plugins[1]?.onremotetrack?.(t1, '0', true, { reason: 'created' });
    expect(ctx.gains).toHaveLength(1);
    expect(fedTrack(ctx.sources[1])).toEqual([t1]);
    expect(chain(ctx.sources[1])).toEqual(['source', 'gain', 'panner', 'analyser', 'destination']);
    room.leave();
    expect(ctx.sources[1]?.outputs.size).toBe(0);
    expect(ctx.analysers[0]?.outputs.size).toBe(0);
    expect(room.getOutputLevel()).toBe(0);
  });

  it('a suspended context is resumed when a track is fed and on the next user gesture', async () => {
    const gestures = new EventTarget();
    const env = setup({
      gestures: gestures as unknown as Document,
      createAudioContext: () => {
        const ctx = new FakeAudioContext();
        ctx.state = 'suspended';
        ctx.resume.mockImplementation(() => Promise.resolve()); // the browser still says no
        env.contexts.push(ctx);
        return ctx.asContext;
      },
    });
    await sfuRoom(env, { output: LOUD }, [remoteTrack('t0')]);
    const ctx = env.contexts[0]!;
    expect(ctx.resume).toHaveBeenCalledTimes(1);
    gestures.dispatchEvent(new Event('keydown'));
    expect(ctx.resume).toHaveBeenCalledTimes(2);
    gestures.dispatchEvent(new Event('pointerdown'));
    expect(ctx.resume).toHaveBeenCalledTimes(2); // the listener went after the first gesture
  });

  it('the speaker is the shared context’s sink where the browser can choose one, else it is logged', async () => {
    const env = setup();
    const { room } = await sfuRoom(env, { output: LOUD, speakerId: 'spk-1' }, [remoteTrack('t0')]);
    const ctx = env.contexts[0]!;
    expect(ctx.setSinkId).toHaveBeenCalledWith('spk-1');
    room.setSpeaker(undefined);
    expect(ctx.setSinkId).toHaveBeenLastCalledWith('');
    delete ctx.setSinkId;
    room.setSpeaker('spk-2');
    expect(env.log).toHaveBeenLastCalledWith(expect.stringContaining('cannot choose the speaker'));
  });

  it('where no AudioContext can be made the elements play on, with the volume and mute but no pan', async () => {
    const env = setup({
      createAudioContext: () => {
        throw new Error('no WebAudio');
      },
    });
    const { room } = await sfuRoom(env, { output: LOUD }, [remoteTrack('t0')]);
    expect(env.audios[0]?.muted).toBe(false);
    expect(env.audios[0]?.volume).toBe(0.8);
    expect(env.audios[0]?.play).toHaveBeenCalled();
    expect(room.getOutputLevel()).toBe(0);
    room.setOutput({ ...LOUD, duck: true });
    expect(env.audios[0]?.muted).toBe(false);
    expect(env.audios[0]?.volume).toBeCloseTo(0.8 * DUCK_FACTOR);
    room.setOutput({ ...LOUD, muted: true });
    expect(env.audios[0]?.muted).toBe(true);
    expect(env.audios[0]?.volume).toBe(0.8);
  });
});
