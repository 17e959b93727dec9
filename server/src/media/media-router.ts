import { isPttChatId, parseAllCallOriginId } from '@ptt/contracts';
import { JanusRooms } from './janus-rooms';
import type { BurstRecording, CarryHandle, HolderLookup, MediaRooms } from './media-rooms';
import { SfuRooms } from './sfu-rooms';

// PTT_MEDIA=sfu (issue 18): channel and temporary-channel rooms (`-1-`, `-2-`) on the VideoRoom,
// forwarded without mixing; call rooms (`-3-`) stay on the AudioBridge, where both parties are
// mixed. One MediaRooms for the app that sends each chat id to its plugin.

export class RoutedMediaRooms implements MediaRooms {
  readonly available = true;

  constructor(
    readonly audio: JanusRooms,
    readonly sfu: SfuRooms,
  ) {}

  get janusUrl(): string {
    return this.audio.janusUrl;
  }

  private pick(chatId: string): MediaRooms {
    // All-call origin rooms (ADR 024) are VideoRoom rooms like the channels they feed.
    return isPttChatId(chatId) || parseAllCallOriginId(chatId) !== null ? this.sfu : this.audio;
  }

  ensureRoom(chatId: string): Promise<void> {
    return this.pick(chatId).ensureRoom(chatId);
  }
  setSpeaker(chatId: string, uid: number | null): Promise<void> {
    return this.pick(chatId).setSpeaker(chatId, uid);
  }
  startRecording(chatId: string, burstId: string): Promise<void> {
    return this.pick(chatId).startRecording(chatId, burstId);
  }
  stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null> {
    return this.pick(chatId).stopRecording(chatId, burstId);
  }
  allowSpeakers(chatId: string, uids: number[]): Promise<number[]> {
    return this.audio.allowSpeakers(chatId, uids);
  }
  carry(source: string, uid: number, targets: string[]): Promise<CarryHandle> {
    return this.sfu.carry(source, uid, targets);
  }
  uncarry(handle: CarryHandle, only?: string[]): Promise<void> {
    return this.sfu.uncarry(handle, only);
  }
  destroyRoom(chatId: string): Promise<void> {
    return this.pick(chatId).destroyRoom(chatId);
  }
  watch(holders: HolderLookup): () => void {
    const stops = [this.audio.watch(holders), this.sfu.watch(holders)];
    return () => stops.forEach((stop) => stop());
  }
  async close(): Promise<void> {
    // The VideoRoom session first: the AudioBridge rooms' close also stops the Janus it started.
    await this.sfu.close();
    await this.audio.close();
  }
}

/** The AudioBridge rooms (calls; PTT too with PTT_MEDIA=mix); null without Janus. */
export function audioBridgeOf(media: MediaRooms): JanusRooms | null {
  if (media instanceof RoutedMediaRooms) return media.audio;
  return media instanceof JanusRooms ? media : null;
}

/** The VideoRoom PTT rooms when PTT_MEDIA=sfu; null otherwise. */
export function sfuOf(media: MediaRooms): SfuRooms | null {
  if (media instanceof RoutedMediaRooms) return media.sfu;
  return media instanceof SfuRooms ? media : null;
}

/** Which path PTT audio takes: forwarded by the VideoRoom, or mixed by the AudioBridge. */
export function pttPathOf(media: MediaRooms): 'sfu' | 'mix' {
  return sfuOf(media) ? 'sfu' : 'mix';
}
