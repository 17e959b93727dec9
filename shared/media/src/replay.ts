import type { OutputAudioContext } from './channel-output';

/** Where a replayed clip plays: a room's strip on the WebAudio path, or the speakers. */
export interface ClipTarget {
  readonly ctx: OutputAudioContext;
  /** Connects `node` where the clip is heard; the returned function takes it out again. */
  feed(node: AudioNode): () => void;
}

interface Playing {
  source: AudioBufferSourceNode;
  /** Takes the clip out of the graph and resolves its `play` (once, however often called). */
  done: () => void;
}

/**
 * A room's instant replay (issue 19): one recorded clip at a time, decoded by the shared context
 * and played by a buffer source into the room's own output, so the live audio goes on beside it
 * and the room's volume, mute, pan and level apply to the clip too. A new clip replaces the one
 * playing; each `play` resolves when its clip has ended, was stopped or was replaced.
 */
export class ClipReplay {
  private current: Playing | null = null;
  /** Bumped by every play and stop: a decode that finishes after either is dropped unheard. */
  private generation = 0;

  get playing(): boolean {
    return this.current !== null;
  }

  async play(clip: ArrayBuffer, target: ClipTarget | null): Promise<void> {
    if (!target) throw new Error('no AudioContext here: a clip cannot be replayed');
    this.stop();
    const generation = this.generation;
    const buffer = await target.ctx.decodeAudioData(clip);
    if (generation !== this.generation) return;
    const source = target.ctx.createBufferSource();
    source.buffer = buffer;
    const unfeed = target.feed(source);
    await new Promise<void>((resolve) => {
      let ended = false;
      const done = () => {
        if (ended) return;
        ended = true;
        if (this.current?.source === source) this.current = null;
        unfeed();
        resolve();
      };
      source.onended = done;
      this.current = { source, done };
      source.start();
    });
  }

  /** Silences the clip playing (or being decoded) now; the live audio is untouched. */
  stop(): void {
    this.generation += 1;
    const current = this.current;
    this.current = null;
    if (!current) return;
    try {
      current.source.stop();
    } catch {
      // already stopped: nothing more to silence
    }
    // `ended` arrives a render quantum later: the caller's promise resolves now.
    current.done();
  }
}
