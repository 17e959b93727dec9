import type { Patch } from '@ptt/contracts';
import type { HeldFloor } from '../ptt';

export interface BridgeInputs {
  patches: readonly Patch[];
  /** Chat id -> its floor (ptt.floors). */
  floors: Readonly<Record<string, HeldFloor>>;
  /** Chat ids this console hears directly: its joined rooms that are not muted. */
  heard: ReadonlySet<string>;
  selfUid: number | null;
  /** Chat ids of this console's all-call being asked for or on air. */
  allCalling: readonly string[];
}

/**
 * The rooms whose bridge feed this console leaves unheard (ADR 024): those where the bridged
 * voice is already heard directly, so it would come twice, 50 ms apart.
 * - A patched channel whose every other patched channel is heard: its bridge only ever carries
 *   talkers of those. Set as soon as the patch exists, so the first syllable is not doubled.
 * - A floor held via a patch from a room this console hears (a patch only partly heard).
 * - Our own all-call: from the press (before its floors arrive) and while its floors stand.
 */
export function bridgeMutedChats({ patches, floors, heard, selfUid, allCalling }: BridgeInputs): Set<string> {
  const out = new Set<string>(allCalling);
  for (const p of patches) {
    for (const chat of p.chatIds) if (p.chatIds.every((other) => other === chat || heard.has(other))) out.add(chat);
  }
  for (const [chat, f] of Object.entries(floors)) {
    if (f.via?.kind === 'patch' && f.via.chatId !== null && heard.has(f.via.chatId)) out.add(chat);
    if (f.via?.kind === 'allcall' && selfUid !== null && f.holder.uid === selfUid) out.add(chat);
  }
  return out;
}
