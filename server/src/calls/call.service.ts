import {
  CallResultState,
  MSG_COMM_KIND,
  SingleCallReceiveState,
  ServerCode,
  can,
  isMissedCall,
  msgCommFor,
  topics,
  type CallEndReason,
  type CallListQuery,
  type CallRecord,
  type Page,
} from '@ptt/contracts';
import type { ChatService } from '../chat/chat.service';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { isBlocked } from '../chat/chat.repository';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import type { CoreDeps } from '../core-deps';
import { errorReporter } from '../logger';
import { CallMedia } from './call-media';
import { CallRepository, type LockedCall } from './call.repository';

export interface CallServiceOptions {
  /** How long a call rings before it ends as not answered (config `limits.callRingTimeoutMs`). */
  ringTimeoutMs: number;
  /** How long an accepted call waits for both parties' audio (config `limits.callMediaTimeoutMs`). */
  mediaTimeoutMs: number;
}

export type CallDeps = Pick<CoreDeps, 'db' | 'hub' | 'media' | 'log'> & { chat: ChatService };

/** What a state change does to a locked, active call. */
type Move = { accept: true } | { accept: false; reason: CallEndReason };

/** Staff read every user, so they read every user's calls; a member only their own. */
const readsAllCalls = (role: number) => can(role, 'user.read');

const isParty = (call: CallRecord, userId: number) => call.caller.uid === userId || call.callee.uid === userId;

/** Why a call that is no longer ringing (or no longer active) cannot take this move. */
function usedUp(call: CallRecord, userId: number): AppError {
  if (call.endedBy !== null && call.endedBy !== userId) return ruleError(ServerCode.OtherPartyHungUp, 'otherPartyHungUp');
  return ruleError(ServerCode.CallAlreadyUsed, 'callAlreadyUsed');
}

/**
 * 1V1 call signalling (ADR 008). The database holds the call's state, so any node may take any
 * step; changes lock the call row (set-up locks both users' rows) so two accepts, or two calls to
 * one callee, cannot both win. Every change goes to both parties as MsgComm after the commit.
 * A ringing call ends as not answered on a timer of the node that placed it, and lazily on every
 * read or set-up that meets it past the ring time (a restart loses timers, not calls). An
 * accepted call connects in its own AudioBridge room (call-media.ts): talking once both parties'
 * audio is up there, an exception when it does not come up or stays away for the media limit.
 */
export class CallService {
  private readonly repo: CallRepository;
  private readonly ringMs: number;
  private readonly mediaMs: number;
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly media: CallMedia;
  private readonly chat: ChatService;
  private readonly report: (err: unknown, what: string) => void;

  constructor(
    private readonly deps: CallDeps,
    opts: CallServiceOptions,
  ) {
    this.repo = new CallRepository(deps.db);
    this.chat = deps.chat;
    this.report = errorReporter(deps.log);
    this.ringMs = opts.ringTimeoutMs;
    this.mediaMs = opts.mediaTimeoutMs;
    this.media = new CallMedia(
      deps.media,
      { timeoutMs: this.mediaMs },
      { connected: (entId, id) => this.connected(entId, id), failed: (entId, id) => this.failed(entId, id) },
      this.report,
    );
  }

  async start(caller: Caller, calleeId: number): Promise<CallRecord> {
    if (calleeId === caller.userId) throw ruleError(ServerCode.ParameterError, 'cannotCallSelf');
    const { entId, userId } = caller;
    const { call, expired } = await this.deps.db.transaction(async (tx) => {
      const users = await this.repo.lockUsers(tx, entId, userId, calleeId);
      const callee = users.find((u) => u.id === calleeId);
      if (!callee || !users.some((u) => u.id === userId)) throw notFound('user');
      if (callee.locked) throw ruleError(ServerCode.OtherPartySuspended, 'otherPartySuspended');
      // The people on my blacklist may not call me (docs/decisions.md), as they may not message me.
      if (await isBlocked(tx, calleeId, userId)) throw new AppError(ServerCode.Blacklisted, { userId: calleeId });
      const expired: number[] = [];
      for (const uid of [userId, calleeId]) {
        expired.push(...(await this.repo.endExpiredRinging(tx, entId, this.ringMs, uid)));
        expired.push(...(await this.repo.endStaleConnecting(tx, entId, this.staleMs, uid)));
      }
      if ((await this.repo.activeOf(tx, entId, userId)).length > 0) throw ruleError(ServerCode.UserStatusError, 'callNotSupported');
      if ((await this.repo.activeOf(tx, entId, calleeId)).length > 0) throw ruleError(ServerCode.OtherPartyBusy, 'otherPartyBusy');
      const id = await this.repo.insert(tx, entId, userId, calleeId);
      return { call: (await this.repo.find(tx, entId, id))!, expired: await this.findAll(tx, entId, expired) };
    });
    this.armTimer(call.id);
    for (const old of expired) await this.afterChange(entId, old);
    await this.publish(entId, call);
    return call;
  }

  accept(caller: Caller, id: number): Promise<CallRecord> {
    return this.move(caller, id, (call) => {
      if (call.callee.uid !== caller.userId) throw forbidden();
      if (call.result !== CallResultState.Wait) throw usedUp(call, caller.userId);
      return { accept: true };
    });
  }

  /** The callee declines a ringing call; `busy` declines it as busy (the caller hears 'other party busy'). */
  reject(caller: Caller, id: number, busy = false): Promise<CallRecord> {
    return this.move(caller, id, (call) => {
      if (call.callee.uid !== caller.userId) throw forbidden();
      if (call.result !== CallResultState.Wait) throw usedUp(call, caller.userId);
      return { accept: false, reason: busy ? 'busy' : 'rejected' };
    });
  }

  /** Either party: while ringing the caller cancels and the callee rejects; an accepted call hangs up. */
  hangup(caller: Caller, id: number): Promise<CallRecord> {
    return this.move(caller, id, (call) => {
      if (call.endedAt !== null) throw usedUp(call, caller.userId);
      if (call.result === CallResultState.Accept) return { accept: false, reason: 'hangup' };
      return { accept: false, reason: call.caller.uid === caller.userId ? 'cancelled' : 'rejected' };
    });
  }

  /** The caller's active call (ringing or talking), or null. */
  async current(caller: Caller): Promise<CallRecord | null> {
    await this.sweep(caller.entId, caller.userId);
    return this.repo.current(caller.entId, caller.userId);
  }

  async list(caller: Caller, query: CallListQuery): Promise<Page<CallRecord>> {
    await this.sweep(caller.entId);
    return this.repo.list(caller.entId, query, readsAllCalls(caller.role) ? query.userId : caller.userId);
  }

  /**
   * One state change under the call's row lock. A call found ringing past the ring time ends as
   * not answered (committed and published) and the move is refused with 2038.
   */
  private async move(caller: Caller, id: number, decide: (call: LockedCall) => Move): Promise<CallRecord> {
    const { call, refusal } = await this.deps.db.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, caller.entId, id, this.ringMs);
      if (!locked || !isParty(locked, caller.userId)) throw notFound('call');
      let refusal: AppError | null = null;
      if (locked.ringExpired) {
        await this.repo.end(tx, id, 'notAnswered', null);
        refusal = ruleError(ServerCode.CallAlreadyUsed, 'callAlreadyUsed');
      } else {
        const move = decide(locked);
        if (move.accept) await this.repo.accept(tx, id);
        else await this.repo.end(tx, id, move.reason, caller.userId);
      }
      return { call: (await this.repo.find(tx, caller.entId, id))!, refusal };
    });
    this.clearTimer(id);
    const now = await this.afterChange(caller.entId, call);
    if (refusal) throw refusal;
    return now;
  }

  /** Connecting calls are ended lazily well after the media limit: their follower is gone. */
  private get staleMs(): number {
    return 2 * this.mediaMs;
  }

  /**
   * After a commit: an accepted call gets its room (or, without one, ends as an exception) and is
   * followed there; an ended one loses its room; then both parties hear of it.
   */
  private async afterChange(entId: number, call: CallRecord): Promise<CallRecord> {
    let now = call;
    const accepted = call.endedAt === null && call.state === SingleCallReceiveState.Connecting;
    const opened = accepted && (await this.media.open(entId, call.id));
    if (accepted && !opened && (await this.repo.mediaFailed(call.id))) now = (await this.repo.find(this.deps.db, entId, call.id)) ?? call;
    if (now.endedAt !== null && now.answeredAt !== null) await this.media.close(entId, now.id);
    await this.publish(entId, now);
    await this.recordMissed(entId, now);
    if (opened) this.media.follow(entId, call.id, [call.caller.uid, call.callee.uid]);
    return now;
  }

  /** The call's room says both parties' audio is up. */
  private async connected(entId: number, id: number): Promise<boolean> {
    if (!(await this.repo.talking(id))) return false;
    const call = await this.repo.find(this.deps.db, entId, id);
    if (call) await this.publish(entId, call);
    return call !== null;
  }

  /** A party's audio did not come up, or stayed away, for the media limit. */
  private async failed(entId: number, id: number): Promise<void> {
    if (!(await this.repo.mediaFailed(id))) return;
    const call = await this.repo.find(this.deps.db, entId, id);
    if (call) await this.afterChange(entId, call);
  }

  /** Ends what rang too long or connects no more (of the enterprise, or of one user) and tells the parties. */
  private async sweep(entId: number, userId?: number): Promise<void> {
    const { db } = this.deps;
    const ids = [...(await this.repo.endExpiredRinging(db, entId, this.ringMs, userId)), ...(await this.repo.endStaleConnecting(db, entId, this.staleMs, userId))];
    for (const call of await this.findAll(db, entId, ids)) {
      this.clearTimer(call.id);
      await this.afterChange(entId, call);
    }
  }

  private async findAll(q: Queryable, entId: number, ids: number[]): Promise<CallRecord[]> {
    const calls: CallRecord[] = [];
    for (const id of ids) {
      const call = await this.repo.find(q, entId, id);
      if (call) calls.push(call);
    }
    return calls;
  }

  private armTimer(id: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(id);
      void this.expire(id);
    }, this.ringMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  private async expire(id: number): Promise<void> {
    try {
      const entId = await this.repo.endIfRinging(id);
      const call = entId === null ? null : await this.repo.find(this.deps.db, entId, id);
      if (call && entId !== null) {
        await this.publish(entId, call);
        await this.recordMissed(entId, call);
      }
    } catch {
      // The node is shutting down or the database failed: the next read or set-up ends the call.
    }
  }

  /**
   * A call the callee missed leaves an entry in the personal chat of the two parties (unread for
   * the callee), written once whichever end path reports it. A failure leaves the call as it is:
   * the call record (GET /api/records/calls) still shows it missed.
   */
  private async recordMissed(entId: number, call: CallRecord): Promise<void> {
    if (!isMissedCall(call)) return;
    await this.chat.talkRecord(entId, call.caller.uid, call.callee.uid, { callId: call.id, missed: true }).catch((err: unknown) => this.report(err, `call ${call.id}: the missed-call entry could not be written`));
  }

  private clearTimer(id: number): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** To both parties, after the commit; a failing hub must not turn the change into an error. */
  private async publish(entId: number, call: CallRecord): Promise<void> {
    const { hub } = this.deps;
    await Promise.all(
      [call.caller.uid, call.callee.uid].map((uid) => hub.publish(topics.userListen(entId, uid), MSG_COMM_KIND, msgCommFor(call, uid, entId))),
    ).catch(() => undefined);
  }
}
