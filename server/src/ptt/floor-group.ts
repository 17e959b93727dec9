import type { FloorChangeReason } from '@ptt/contracts';
import type { CarryHandle } from '../media/media-rooms';
import type { FloorRecord } from './floor-store';

// Floors that start and end together (ADR 024): a press in a patched channel holds its own floor
// plus a bridged floor in every other patched channel; an all-call holds a bridged floor in each
// channel granted. Releasing, the max duration, the talker leaving or a channel's end ends the
// whole group; a force-insert takes one room out of it (floor.service.ts `detach`).

export interface FloorGroup {
  /** The group's floors by burst id; a floor taken over leaves. */
  records: Map<string, FloorRecord>;
  /** The media carry into the bridged rooms (null: nothing to carry). */
  handle: CarryHandle | null;
  /** An all-call's origin room, muted again when the group ends. */
  origin: string | null;
  /** Told once when the whole group is over (the all-call service forgets its call). */
  onEnd?: (reason: FloorChangeReason) => void;
}

/** One bridged floor asked for: granted with the record it replaced, or refused with the one there. */
export type GroupGrant = { ok: true; rec: FloorRecord; previous: FloorRecord | null } | { ok: false; rec: FloorRecord; current: FloorRecord | null };

/** The live patch that holds a chat id: its id and every patched chat id. */
export type PatchLookup = (chatId: string) => { id: string; chatIds: readonly string[] } | null;
