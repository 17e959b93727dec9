// Instant replay (issue 19): a recorded clip plays into the room's own output beside its live audio.
import { createMediaClient } from '../src';
import type { ChannelOutputSettings, JoinOptions, MediaClientOptions } from '../src';
import { FakeAudioContext, chain } from './fakeAudioContext';
import { FakeHandle, FakeMediaStream, fakeAudio, fakeJanus, fakeMic } from './fakeJanus';

const CHAT = '100001-1-5';
const LEFT: ChannelOutputSettings = { volume: 0.8, muted: false, pan: -1 };

function setup(extra: Partial<MediaClientOptions> = {}) {
  const janus = fakeJanus();
  const contexts: FakeAudioContext[] = [];
  const audios: ReturnType<typeof fakeAudio>[] = [];
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
    log: jest.fn(),
    ...extra,
  });
  return { janus, contexts, audios, client };
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const remoteTrack = (id: string) => ({ kind: 'audio', id }) as MediaStreamTrack;
/** A clip's bytes; a first byte of 0 is what the fake context cannot decode. */
const clip = (first = 0x4f) => new Uint8Array([first, 0x67, 0x67, 0x53]).buffer;

/** A listen-only SFU room playing one live track. */
async function sfuRoom(env: ReturnType<typeof setup>, join: JoinOptions, tracks: MediaStreamTrack[]) {
  const room = env.client.joinRoom(CHAT, { path: 'sfu', listenOnly: true, ...join });
  await settle();
  const session = env.janus.last();
  session.options.success?.();
  session.plugins[0]?.success?.(new FakeHandle());
  session.plugins[1]?.success?.(new FakeHandle());
  session.plugins[0]?.onmessage?.({ videoroom: 'joined', id: 'me', publishers: [] });
  tracks.forEach((t, mid) => session.plugins[1]?.onremotetrack?.(t, String(mid), true, { reason: 'created' }));
  return room;
}

/** Tracks a promise's outcome without awaiting it. */
function watch(p: Promise<void>) {
  const out: { state: 'pending' | 'resolved' | 'rejected'; error?: unknown } = { state: 'pending' };
  p.then(
    () => (out.state = 'resolved'),
    (e: unknown) => Object.assign(out, { state: 'rejected', error: e }),
  );
  return out;
}

beforeAll(() => Object.assign(globalThis, { MediaStream: FakeMediaStream }));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('replay into a room on the WebAudio path', () => {
  it('decodes the clip with the shared context and plays it through the room strip beside the live track, resolving at its end', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, [remoteTrack('live')]);
    const ctx = env.contexts[0]!;
    const bytes = clip();
    const done = watch(room.replay(bytes));
    await settle();
    expect(ctx.decodeAudioData).toHaveBeenCalledWith(bytes);
    const source = ctx.clips[0]!;
    expect(source.started).toBe(true);
    expect(source.buffer?.bytes).toBe(bytes);
    expect(chain(source)).toEqual(['clip', 'gain', 'panner', 'analyser', 'destination']);
    expect(source.next).toBe(ctx.sources[0]?.next); // the live track's gain: the room's volume, mute and pan
    expect(chain(ctx.sources[0])).toEqual(['source', 'gain', 'panner', 'analyser', 'destination']);
    expect(done.state).toBe('pending');
    source.finish();
    await settle();
    expect(done.state).toBe('resolved');
    expect(source.outputs.size).toBe(0); // out of the graph
    expect(chain(ctx.sources[0])).toEqual(['source', 'gain', 'panner', 'analyser', 'destination']); // live untouched
  });

  it('the level shows the clip while nobody talks live, and is 0 again after it', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, []);
    const ctx = env.contexts[0]!;
    ctx.analysers[0]!.sample = 0.3;
    expect(room.getOutputLevel()).toBe(0); // no input at all
    void room.replay(clip());
    await settle();
    expect(room.getOutputLevel()).toBeCloseTo(0.3);
    ctx.clips[0]!.finish();
    await settle();
    expect(room.getOutputLevel()).toBe(0);
  });

  it('a muted room replays silently: the clip goes through the same zero gain', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: { ...LEFT, muted: true } }, []);
    const ctx = env.contexts[0]!;
    ctx.analysers[0]!.sample = 0.3;
    void room.replay(clip());
    await settle();
    expect(ctx.clips[0]?.next).toBe(ctx.gains[0]);
    expect(ctx.gains[0]?.gain.value).toBe(0);
    expect(room.getOutputLevel()).toBe(0);
  });

  it('stopReplay silences the clip at once and resolves its replay; the live track plays on', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, [remoteTrack('live')]);
    const ctx = env.contexts[0]!;
    const done = watch(room.replay(clip()));
    await settle();
    room.stopReplay();
    await settle();
    expect(ctx.clips[0]?.stopped).toBe(true);
    expect(ctx.clips[0]?.outputs.size).toBe(0);
    expect(done.state).toBe('resolved');
    expect(ctx.sources[0]?.next).toBe(ctx.gains[0]);
    expect(env.audios[0]?.srcObject).not.toBeNull();
  });

  it('a new clip replaces the one playing, which resolves', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, []);
    const ctx = env.contexts[0]!;
    const first = watch(room.replay(clip(1)));
    await settle();
    const second = watch(room.replay(clip(2)));
    await settle();
    expect(first.state).toBe('resolved');
    expect(ctx.clips[0]?.stopped).toBe(true);
    expect(ctx.clips[1]?.started).toBe(true);
    expect(ctx.clips[1]?.next).toBe(ctx.gains[0]);
    expect(second.state).toBe('pending');
  });

  it('a stop while the clip is still decoding means it never starts', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, []);
    const ctx = env.contexts[0]!;
    const done = watch(room.replay(clip()));
    room.stopReplay(); // before the decode resolves
    await settle();
    expect(done.state).toBe('resolved');
    expect(ctx.clips).toEqual([]);
  });

  it('a clip that is not audio rejects and nothing plays', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, []);
    const done = watch(room.replay(clip(0)));
    await settle();
    expect(done.state).toBe('rejected');
    expect((done.error as DOMException).name).toBe('EncodingError');
    expect(env.contexts[0]?.clips).toEqual([]);
  });

  it('leaving the room ends its replay, and a left room refuses a new one', async () => {
    const env = setup();
    const room = await sfuRoom(env, { output: LEFT }, []);
    const ctx = env.contexts[0]!;
    const done = watch(room.replay(clip()));
    await settle();
    room.leave();
    await settle();
    expect(ctx.clips[0]?.stopped).toBe(true);
    expect(done.state).toBe('resolved');
    await expect(room.replay(clip())).rejects.toThrow(/left/);
  });
});

describe('replay into a room without output settings', () => {
  it('plays the clip straight to the speakers and leaves the room on its <audio> elements', async () => {
    const env = setup();
    const room = await sfuRoom(env, {}, [remoteTrack('live')]);
    expect(env.contexts).toEqual([]);
    void room.replay(clip());
    await settle();
    const ctx = env.contexts[0]!;
    expect(chain(ctx.clips[0])).toEqual(['clip', 'destination']);
    expect(ctx.sources).toEqual([]); // the live track is not moved onto WebAudio
    expect(env.audios[0]?.muted).toBe(false);
    expect(room.getOutputLevel()).toBe(0);
  });

  it('rejects where no AudioContext can be made', async () => {
    const env = setup({
      createAudioContext: () => {
        throw new Error('no WebAudio');
      },
    });
    const room = await sfuRoom(env, {}, []);
    await expect(room.replay(clip())).rejects.toThrow(/AudioContext/);
  });
});
