import { WATCHED_CHANNELS_KIND, chatId, topics, type WatchedChannels } from '@ptt/contracts';
import type { CoreDeps } from '../core-deps';
import type { Caller } from '../http/caller';
import { pttAccess } from '../ptt/ptt-access';
import * as repo from './watch.repository';

/**
 * Watched channels (ADR 023): one list per user, read and replaced whole. A channel may be watched
 * only if the caller may be in its PTT room, so the list never holds a room the console would be
 * refused at join time. No operation record: this is one user's listening preference, not an
 * administrative change (the fixed operation table has no type for it).
 */
export class WatchService {
  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub'>) {}

  async get(caller: Caller): Promise<WatchedChannels> {
    return { channels: await repo.listUsable(this.deps.db, caller.entId, caller.userId) };
  }

  /** Checks every channel with the room's rule first; the first refusal is the answer and nothing
   *  is written. The schema has already refused duplicates and too many. */
  async replace(caller: Caller, body: WatchedChannels): Promise<WatchedChannels> {
    const saved = await this.deps.db.transaction(async (tx) => {
      for (const c of body.channels) await pttAccess(tx, caller, chatId(caller.entId, c.channelId));
      await repo.replaceAll(tx, caller.userId, body.channels);
      return { channels: await repo.listUsable(tx, caller.entId, caller.userId) };
    });
    // The user's other consoles follow; the saving one gets it too and may ignore it. After the
    // commit, and a failing hub does not turn the saved list into an error answer.
    await this.deps.hub.publish(topics.userListen(caller.entId, caller.userId), WATCHED_CHANNELS_KIND, saved).catch(() => undefined);
    return saved;
  }
}
