import { chatId } from '@ptt/contracts';
import type { ModuleDeps } from '../module-deps';

/**
 * Floors end with their channel: a holder removed from it leaves the floor ('left'); a suspended
 * or disbanded channel ends its talk ('closed'), and a disbanded one loses its room. These events
 * run on the node where the change happened, which reads the floor from the shared store. The
 * media watchdog learns who may be heard from the store as well.
 */
export function registerPttRealtime(deps: ModuleDeps): void {
  const { floors } = deps;
  deps.events.on('channel.membersRemoved', (e) => floors.endIf(chatId(e.entId, e.channelId), (r) => e.userIds.includes(r.uid), 'left'));
  deps.events.on('channel.statusChanged', async (e) => {
    if (e.enabled) return;
    await deps.patches.channelEnded(e.entId, e.channelId);
    await floors.endIf(chatId(e.entId, e.channelId), () => true, 'closed');
  });
  deps.events.on('channel.disbanded', async (e) => {
    // A patch holding it ends first ('channel'), so its carried press ends with the patch.
    await deps.patches.channelEnded(e.entId, e.channelId);
    await floors.closeRoom(chatId(e.entId, e.channelId), true);
  });
  deps.media.watch((chatIds) => floors.holders(chatIds));
  // A node that died took its floors' timers and watches along: the live node that claims its
  // connections ends the floors of the users who are gone with it (issue 25, lb-failover.test.ts).
  deps.presence.onUsersGone((users) => void floors.endHeldBy(users));
}
