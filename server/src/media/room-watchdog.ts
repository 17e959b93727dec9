import { parseCallChatId } from '@ptt/contracts';
import type { JanusClient } from './janus-client';
import type { KeyedQueue } from './keyed-queue';
import type { Logger } from '../logger';
import { BRIDGE_HOLDER, type Holder, type HolderLookup } from './media-rooms';

// The watchdog of ADR 010: every second, the rooms that have participants; in each, whoever is
// unmuted without holding the floor is muted (a client that reached Janus some other way).

export interface WatchedParticipant {
  id: string;
  display?: string;
  muted: boolean;
  /** Janus: the participant's WebRTC PeerConnection is up. */
  setup?: boolean;
}

export interface WatchdogDeps {
  client: JanusClient;
  adminKey: string;
  /** The rooms' queue: a check never overtakes a grant or a release of the same room. */
  queue: KeyedQueue;
  listParticipants(chatId: string): Promise<WatchedParticipant[]>;
  mute(chatId: string, participantId: string): Promise<void>;
  displayFor(uid: number): string;
  log: Logger;
  intervalMs: number;
}

export function startWatchdog(deps: WatchdogDeps, holders: HolderLookup): NodeJS.Timeout {
  let running = false;
  let failing = false;

  const enforce = async (chatId: string, holder: Holder | null): Promise<void> => {
    const list = await deps.listParticipants(chatId);
    // The mixing path has no bridges (patch and all-call are refused there): a bridged holder hears nobody.
    const heard = (h: Holder | null) => list.filter((p) => !p.muted && p.display !== (h === null || h === BRIDGE_HOLDER ? null : deps.displayFor(h)));
    if (heard(holder).length === 0) return;
    // The floor may have changed since the batch lookup: ask again before muting anyone.
    const fresh = (await holders([chatId])).get(chatId) ?? null;
    for (const p of heard(fresh)) {
      deps.log.warn({ room: chatId, display: p.display ?? null, holder: fresh }, 'PTT watchdog muted a participant that does not hold the floor');
      await deps.mute(chatId, p.id);
    }
  };

  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const data = await deps.client.audiobridge({ request: 'list', admin_key: deps.adminKey });
      const rooms = (Array.isArray(data.list) ? data.list : []) as { room: unknown; num_participants?: number }[];
      // Call rooms have no floor: both parties talk (JanusRooms.allowSpeakers keeps them so).
      const busy = rooms
        .filter((r) => (r.num_participants ?? 0) > 0)
        .map((r) => String(r.room))
        .filter((chatId) => parseCallChatId(chatId) === null);
      if (busy.length > 0) {
        const held = await holders(busy);
        await Promise.all(busy.map((chatId) => deps.queue.run(chatId, () => enforce(chatId, held.get(chatId) ?? null))));
      }
      failing = false;
    } catch (err) {
      // Once per outage, not every second.
      if (!failing) deps.log.warn({ err }, 'PTT watchdog could not check the rooms');
      failing = true;
    } finally {
      running = false;
    }
  };

  const timer = setInterval(() => void tick(), deps.intervalMs);
  timer.unref();
  return timer;
}
