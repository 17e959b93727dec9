import { OperationType, ServerCode, TEMP_CHANNEL_KIND, tempChannelFrameOf, topics, type StartedTempChannel, type TempChannel } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { notFound, ruleError, type Caller } from '../http/caller';
import type { CoreDeps } from '../core-deps';
import { writeOperation } from '../audit/operation-log';
import * as repo from './temp-channel.repository';

/**
 * Temporary channels (docs/decisions.md "Issue 6: temporary channels"): staff start one with users
 * picked on the map, anyone of the enterprise's staff hangs it up. A creator has at most one open:
 * a new start closes the previous one in the same transaction. Every open and close goes to each
 * member's user topic after the commit. Starts and hang-ups write operation type 14.
 */
export class TempChannelService {
  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub'>) {}

  async start(caller: Caller, userIds: readonly number[]): Promise<StartedTempChannel> {
    const { entId, userId } = caller;
    const others = userIds.filter((id) => id !== userId);
    // Picking only oneself leaves nobody to call.
    if (others.length === 0) throw ruleError(ServerCode.ParameterError, 'cannotCallSelf');
    const { started, replaced } = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.lockCreator(tx, entId, userId))) throw notFound('user');
      const picked = await repo.pickedUsers(tx, entId, others);
      // An id of another enterprise, or of nobody, is "not found" (ids do not leak).
      if (picked.length !== others.length) throw notFound('user');
      const joining = picked.filter((u) => !u.locked).map((u) => u.id);
      // Locked users cannot log in to take part: they are left out and reported.
      if (joining.length === 0) throw ruleError(ServerCode.OtherPartySuspended, 'otherPartySuspended');
      const replacedId = await repo.closeOpenOf(tx, entId, userId);
      const id = await repo.insert(tx, entId, userId, [userId, ...joining]);
      const skippedUserIds = picked.filter((u) => u.locked).map((u) => u.id);
      await writeOperation(tx, caller, OperationType.TempChannelCreate, { action: 'start', tempChannelId: id, userIds: joining, skippedUserIds, replacedId });
      const replaced = replacedId === null ? null : await repo.find(tx, entId, replacedId);
      return { started: { ...(await repo.find(tx, entId, id))!, skippedUserIds, replacedId }, replaced };
    });
    if (replaced) await this.publish(entId, replaced);
    await this.publish(entId, started);
    return started;
  }

  /** Closes an open temporary channel for everyone in it; a closed one answers 409/2038. */
  async hangup(caller: Caller, id: number): Promise<TempChannel> {
    const closed = await this.deps.db.transaction(async (tx: Queryable) => {
      const row = await repo.lockOne(tx, caller.entId, id);
      if (!row) throw notFound('tempChannel');
      if (row.closed) throw ruleError(ServerCode.CallAlreadyUsed, 'callAlreadyUsed');
      await repo.close(tx, id, caller.userId);
      await writeOperation(tx, caller, OperationType.TempChannelCreate, { action: 'hangup', tempChannelId: id });
      return (await repo.find(tx, caller.entId, id))!;
    });
    await this.publish(caller.entId, closed);
    return closed;
  }

  /** The open temporary channels the caller is in, newest first. */
  current(caller: Caller): Promise<TempChannel[]> {
    return repo.openOf(this.deps.db, caller.entId, caller.userId);
  }

  /** To every member, after the commit; a failing hub must not turn the change into an error. */
  private async publish(entId: number, tc: TempChannel): Promise<void> {
    const { hub } = this.deps;
    const frame = tempChannelFrameOf(tc);
    await Promise.all(tc.members.map((m) => hub.publish(topics.userListen(entId, m.uid), TEMP_CHANNEL_KIND, frame))).catch(() => undefined);
  }
}
