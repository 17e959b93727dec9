import { TEMP_CHANNEL_KIND, parseTempChannelChatId, topics, type Ws2Frame } from '@ptt/contracts';
import type { Hub } from '../ws/hub';
import type { FloorRecord } from './floor-store';

// What ends a floor that nobody releases, seen through the hub so it works whichever node the
// change happened on: the holder's last /ws2 connection going away (presence OnLine "offline" or
// Logout on the enterprise topic), a channel deleted (ChannelChange "delete"), a temporary channel
// closed (its TempChannel "closed" frame on a member's user topic). The node that granted a floor
// follows it; channel suspend, disband and member removal come as domain events instead
// (ptt.realtime.ts), since they happen where the store can be read anyway.

export interface FloorWatchHandlers {
  left(entId: number, uid: number): void;
  channelDeleted(entId: number, channelId: number): void;
  tempClosed(chatId: string): void;
}

interface EntFollow {
  unsubscribe: () => void;
  bursts: Set<string>;
}

const dataOf = (f: Ws2Frame): Record<string, unknown> => (f.data ?? {}) as Record<string, unknown>;

export class FloorWatch {
  private readonly ents = new Map<number, EntFollow>();
  /** Temporary channels this node had floors in, until they close (their room goes then). */
  private readonly temps = new Map<string, () => void>();

  constructor(
    private readonly hub: Hub,
    private readonly on: FloorWatchHandlers,
  ) {}

  follow(rec: FloorRecord): void {
    let ent = this.ents.get(rec.entId);
    if (!ent) {
      ent = { unsubscribe: this.hub.subscribe(topics.entListen(rec.entId), (f) => this.onEntFrame(rec.entId, f)), bursts: new Set() };
      this.ents.set(rec.entId, ent);
    }
    ent.bursts.add(rec.burstId);
    if (parseTempChannelChatId(rec.chatId) && !this.temps.has(rec.chatId)) {
      // The holder is a member for the temporary channel's whole life: its close reaches them.
      const unsubscribe = this.hub.subscribe(topics.userListen(rec.entId, rec.uid), (f) => {
        const d = dataOf(f);
        if (f.t === TEMP_CHANNEL_KIND && d.chatId === rec.chatId && d.state === 'closed') this.on.tempClosed(rec.chatId);
      });
      this.temps.set(rec.chatId, unsubscribe);
    }
  }

  unfollow(rec: FloorRecord): void {
    const ent = this.ents.get(rec.entId);
    if (!ent) return;
    ent.bursts.delete(rec.burstId);
    if (ent.bursts.size > 0) return;
    ent.unsubscribe();
    this.ents.delete(rec.entId);
  }

  forgetTemp(chatId: string): void {
    this.temps.get(chatId)?.();
    this.temps.delete(chatId);
  }

  private onEntFrame(entId: number, f: Ws2Frame): void {
    const d = dataOf(f);
    // 'OnLine' offline: the last connection closed or went quiet (or, alas, the user chose
    // invisible: presence frames do not tell the two apart).
    if ((f.t === 'OnLine' || f.t === 'Logout') && d.status === 'offline' && typeof d.uid === 'number') this.on.left(entId, d.uid);
    if (f.t === 'ChannelChange' && d.action === 'delete' && typeof d.channelId === 'number') this.on.channelDeleted(entId, d.channelId);
  }
}
