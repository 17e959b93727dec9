import { ChannelOutput, outputGain } from './channel-output';
import type { SharedOutput } from './channel-output';
import type { ClipTarget } from './replay';
import type { ChannelOutputSettings, MediaLog } from './types';

export type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

export interface RemoteAudioDeps {
  createAudio: () => HTMLAudioElement;
  log: MediaLog;
  output: SharedOutput;
}

/**
 * What a room plays, for both kinds of room: one <audio> element per remote track, by key (the
 * AudioBridge has one mixed track, the VideoRoom one per subscriber m-line). Without output
 * settings the elements are what is heard. With them the elements stay attached and playing but
 * muted, because Chromium feeds a remote WebRTC track into WebAudio only while a media element
 * plays it, and the room's `ChannelOutput` is what is heard (docs/adr/023-watched-channels.md).
 */
export class RemoteAudio {
  private readonly players = new Map<string, { track: MediaStreamTrack; audio: SinkAudio }>();
  /** Keys not to be heard (a room's bridge feed while what it carries is heard directly). */
  private readonly silenced = new Set<string>();
  private output: ChannelOutput | null = null;
  /** Settings asked for where no AudioContext could be made: the elements apply volume and mute. */
  private fallback: ChannelOutputSettings | null = null;

  constructor(
    private readonly deps: RemoteAudioDeps,
    private speakerId: string | undefined,
    settings: ChannelOutputSettings | undefined,
  ) {
    if (settings) this.setOutput(settings);
  }

  play(key: string, track: MediaStreamTrack): void {
    const current = this.players.get(key);
    if (current?.track === track) return;
    const audio: SinkAudio = current?.audio ?? this.deps.createAudio();
    audio.autoplay = true;
    audio.srcObject = new MediaStream([track]);
    this.players.set(key, { track, audio });
    this.applySpeaker(audio);
    this.route(key, track, audio);
    audio.play()?.catch((e: unknown) => this.deps.log('remote audio did not start', e));
  }

  /** Stops what `key` plays; with `track`, only if it still plays that one (not a newer track). */
  stop(key: string, track?: MediaStreamTrack): void {
    const current = this.players.get(key);
    if (!current || (track && current.track !== track)) return;
    current.audio.srcObject = null;
    this.output?.disconnect(key);
    this.players.delete(key);
  }

  /**
   * Whether `key` is heard. A silenced track keeps playing in its muted element (so it comes back
   * at once, and Chromium keeps feeding it) but is left out of the WebAudio strip.
   */
  setSilenced(key: string, silenced: boolean): void {
    if (this.silenced.has(key) === silenced) return;
    if (silenced) this.silenced.add(key);
    else this.silenced.delete(key);
    const current = this.players.get(key);
    if (current) this.route(key, current.track, current.audio);
  }

  /** Everything stops; the silences go too (a rejoin's subscriber names its feeds anew). */
  stopAll(): void {
    for (const key of [...this.players.keys()]) this.stop(key);
    this.silenced.clear();
  }

  setSpeaker(speakerId: string | undefined): void {
    this.speakerId = speakerId;
    for (const { audio } of this.players.values()) this.applySpeaker(audio);
    if (this.output) this.deps.output.setSpeaker(speakerId);
  }

  /** The first call moves the room onto WebAudio for good; later calls only change the settings. */
  setOutput(settings: ChannelOutputSettings): void {
    if (this.output) {
      this.output.set(settings);
      return;
    }
    const ctx = this.deps.output.context();
    if (!ctx) {
      this.fallback = settings; // no WebAudio here: volume and mute on the elements, no pan
      for (const [key, { track, audio }] of this.players) this.route(key, track, audio);
      return;
    }
    this.output = new ChannelOutput(this.deps.output, ctx, settings);
    this.deps.output.setSpeaker(this.speakerId);
    for (const [key, { track, audio }] of this.players) this.route(key, track, audio);
  }

  level(): number {
    return this.output?.level() ?? 0;
  }

  /**
   * Where a replayed clip plays: this room's strip on the WebAudio path (its volume, mute, pan and
   * level apply), else straight to the shared context's speakers; null where no context exists.
   */
  clipTarget(): ClipTarget | null {
    const ctx = this.deps.output.context();
    if (!ctx) return null;
    const output = this.output;
    if (output) return { ctx, feed: (node) => output.feed(node) };
    return {
      ctx,
      feed: (node) => {
        node.connect(ctx.destination);
        this.deps.output.resume();
        return () => node.disconnect();
      },
    };
  }

  /** Left for good: nothing plays and the room's strip leaves the graph. */
  dispose(): void {
    this.stopAll();
    this.output?.dispose();
    this.output = null;
  }

  /** Where one track is heard: the room's strip, or its own element; nowhere while silenced. */
  private route(key: string, track: MediaStreamTrack, audio: SinkAudio): void {
    const silenced = this.silenced.has(key);
    if (this.output) {
      audio.muted = true;
      if (silenced) this.output.disconnect(key);
      else this.output.connect(key, track);
      return;
    }
    if (this.fallback) applyToElement(audio, this.fallback);
    if (silenced) audio.muted = true;
    else if (!this.fallback) audio.muted = false;
  }

  private applySpeaker(audio: SinkAudio): void {
    const id = this.speakerId;
    if (id && audio.setSinkId) audio.setSinkId(id).catch((e: unknown) => this.deps.log('speaker not set', e));
  }
}

function applyToElement(audio: HTMLAudioElement, settings: ChannelOutputSettings): void {
  audio.muted = settings.muted;
  audio.volume = outputGain({ ...settings, muted: false }); // ducking too, without the glide
}
