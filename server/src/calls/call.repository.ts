import {
  CallResultState,
  SingleCallReceiveState,
  type CallEndReason,
  type CallListQuery,
  type CallRecord,
  type CallResultState as Result,
  type Page,
  type SingleCallReceiveState as State,
} from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where, fetchPage } from '../db/paging';
import { iso } from '../db/sql';

interface CallRow {
  id: number;
  callerId: number;
  callerAccount: string;
  callerNickname: string;
  calleeId: number;
  calleeAccount: string;
  calleeNickname: string;
  state: State;
  result: Result;
  reason: CallEndReason | null;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  endedBy: number | null;
}

/** A call with what the service decides on: whether it rang past the ring time. */
export type LockedCall = CallRecord & { ringExpired: boolean };

const COLUMNS = `c.id, c.caller_id as "callerId", a.account as "callerAccount", a.nickname as "callerNickname",
  c.callee_id as "calleeId", b.account as "calleeAccount", b.nickname as "calleeNickname", c.state, c.result, c.reason,
  ${iso('c.created_at')} as "createdAt", ${iso('c.answered_at')} as "answeredAt", ${iso('c.ended_at')} as "endedAt",
  c.ended_by as "endedBy"`;
const FROM = 'calls c join users a on a.id = c.caller_id join users b on b.id = c.callee_id';
/** A ringing call older than the ring time ($n: milliseconds). */
const ringExpired = (c: string, n: number) =>
  `(${c}.ended_at is null and ${c}.result = ${CallResultState.Wait} and ${c}.created_at <= now() - make_interval(secs => $${n}::float8 / 1000))`;

function toRecord(r: CallRow): CallRecord {
  return {
    id: r.id,
    caller: { uid: r.callerId, account: r.callerAccount, nickname: r.callerNickname },
    callee: { uid: r.calleeId, account: r.calleeAccount, nickname: r.calleeNickname },
    state: r.state,
    result: r.result,
    reason: r.reason,
    createdAt: r.createdAt,
    answeredAt: r.answeredAt,
    endedAt: r.endedAt,
    endedBy: r.endedBy,
  };
}

/** SQL of calls; every statement names the enterprise (or a call id the node itself created). */
export class CallRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Locks the users rows of both parties (in id order, so two set-ups over the same pair cannot
   * deadlock): a second call to, or from, either user waits here until the first one committed.
   */
  async lockUsers(q: Queryable, entId: number, a: number, b: number): Promise<{ id: number; locked: boolean }[]> {
    const r = await q.query<{ id: number; locked: boolean }>(
      'select id, locked from users where ent_id = $1 and id in ($2, $3) order by id for update',
      [entId, a, b],
    );
    return r.rows;
  }

  /** Ids of the active calls either user takes part in (as caller or callee). */
  async activeOf(q: Queryable, entId: number, userId: number): Promise<number[]> {
    const r = await q.query<{ id: number }>(
      'select id from calls where ent_id = $1 and ended_at is null and (caller_id = $2 or callee_id = $2)',
      [entId, userId],
    );
    return r.rows.map((row) => row.id);
  }

  async insert(q: Queryable, entId: number, callerId: number, calleeId: number): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into calls (ent_id, caller_id, callee_id, state, result) values ($1, $2, $3, $4, $5) returning id`,
      [entId, callerId, calleeId, SingleCallReceiveState.Waiting, CallResultState.Wait],
    );
    return r.rows[0]!.id;
  }

  async find(q: Queryable, entId: number, id: number): Promise<CallRecord | null> {
    const r = await q.query<CallRow>(`select ${COLUMNS} from ${FROM} where c.ent_id = $1 and c.id = $2`, [entId, id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  /** The call row locked for a state change (only the calls row; users stay unlocked). */
  async lock(q: Queryable, entId: number, id: number, ringMs: number): Promise<LockedCall | null> {
    const r = await q.query<CallRow & { ringExpired: boolean }>(
      `select ${COLUMNS}, ${ringExpired('c', 3)} as "ringExpired" from ${FROM} where c.ent_id = $1 and c.id = $2 for update of c`,
      [entId, id, ringMs],
    );
    const row = r.rows[0];
    return row ? { ...toRecord(row), ringExpired: row.ringExpired } : null;
  }

  /** Answered: connecting until both parties' audio is up in the call's room. */
  async accept(q: Queryable, id: number): Promise<void> {
    await q.query('update calls set state = $2, result = $3, answered_at = now() where id = $1', [
      id,
      SingleCallReceiveState.Connecting,
      CallResultState.Accept,
    ]);
  }

  /** Both parties' audio is up: a connecting call talks. False when it is no longer connecting. */
  async talking(id: number): Promise<boolean> {
    const r = await this.db.query('update calls set state = $2 where id = $1 and ended_at is null and state = $3 returning id', [
      id,
      SingleCallReceiveState.Talking,
      SingleCallReceiveState.Connecting,
    ]);
    return r.rows.length > 0;
  }

  /** The call's audio failed: an accepted call ends as exception 4 / 3. False when it had ended. */
  async mediaFailed(id: number): Promise<boolean> {
    const r = await this.db.query(
      `update calls set state = $2, result = $3, reason = 'mediaFailed', ended_at = now() where id = $1 and ended_at is null and result = $4 returning id`,
      [id, SingleCallReceiveState.Exception, CallResultState.Exception, CallResultState.Accept],
    );
    return r.rows.length > 0;
  }

  /**
   * Ends the enterprise's calls (optionally one user's) still connecting long after their accept:
   * the node following their room went away before it decided (restart), so nothing else will.
   */
  async endStaleConnecting(q: Queryable, entId: number, ms: number, userId?: number): Promise<number[]> {
    const r = await q.query<{ id: number }>(
      `update calls c set state = $3, result = $4, reason = 'mediaFailed', ended_at = now()
        where c.ent_id = $1 and c.ended_at is null and c.state = $5 and c.answered_at <= now() - make_interval(secs => $2::float8 / 1000)
        ${userId === undefined ? '' : 'and (c.caller_id = $6 or c.callee_id = $6)'}
        returning c.id`,
      [entId, ms, SingleCallReceiveState.Exception, CallResultState.Exception, SingleCallReceiveState.Connecting, ...(userId === undefined ? [] : [userId])],
    );
    return r.rows.map((row) => row.id);
  }

  /** Ends an active call (the state stays the one it had reached). */
  async end(q: Queryable, id: number, reason: CallEndReason, endedBy: number | null): Promise<void> {
    await q.query('update calls set result = $2, reason = $3, ended_by = $4, ended_at = now() where id = $1 and ended_at is null', [
      id,
      CallResultState.Hangup,
      reason,
      endedBy,
    ]);
  }

  /** The node's ring timer fired: ends the call if it is still ringing. Returns its enterprise. */
  async endIfRinging(id: number): Promise<number | null> {
    const r = await this.db.query<{ entId: number }>(
      `update calls set result = $2, reason = 'notAnswered', ended_at = now() where id = $1 and result = $3
       returning ent_id as "entId"`,
      [id, CallResultState.Hangup, CallResultState.Wait],
    );
    return r.rows[0]?.entId ?? null;
  }

  /**
   * Ends every call of the enterprise that rang past the ring time (its node's timer was lost in
   * a restart, or another node's timer has not fired yet); optionally only those of one user.
   */
  async endExpiredRinging(q: Queryable, entId: number, ringMs: number, userId?: number): Promise<number[]> {
    const r = await q.query<{ id: number }>(
      `update calls c set result = $3, reason = 'notAnswered', ended_at = now()
        where c.ent_id = $1 and ${ringExpired('c', 2)} ${userId === undefined ? '' : 'and (c.caller_id = $4 or c.callee_id = $4)'}
        returning c.id`,
      userId === undefined ? [entId, ringMs, CallResultState.Hangup] : [entId, ringMs, CallResultState.Hangup, userId],
    );
    return r.rows.map((row) => row.id);
  }

  /** The user's active call, if any. */
  async current(entId: number, userId: number): Promise<CallRecord | null> {
    const r = await this.db.query<CallRow>(
      `select ${COLUMNS} from ${FROM} where c.ent_id = $1 and c.ended_at is null and (c.caller_id = $2 or c.callee_id = $2)
        order by c.id desc limit 1`,
      [entId, userId],
    );
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  /** Call records; `party` limits them to one user's calls (either side). */
  async list(entId: number, q: CallListQuery, party?: number): Promise<Page<CallRecord>> {
    const w = new Where().add('c.ent_id = ?', entId);
    if (party !== undefined) w.add('(c.caller_id = ? or c.callee_id = ?)', party, party);
    if (q.result !== undefined) w.add('c.result = ?', q.result);
    if (q.from !== undefined) w.add('c.created_at >= to_timestamp(?::double precision / 1000)', q.from);
    if (q.to !== undefined) w.add('c.created_at < to_timestamp(?::double precision / 1000)', q.to);
    if (q.q) {
      const like = Where.contains(q.q);
      w.add('(a.account ilike ? or a.nickname ilike ? or b.account ilike ? or b.nickname ilike ?)', like, like, like, like);
    }
    const page = await fetchPage<CallRow>(this.db, { columns: COLUMNS, from: FROM, where: w, sortColumns: { createdAt: 'c.created_at' }, tieBreak: 'c.id', page: q });
    return { ...page, items: page.items.map(toRecord) };
  }
}
