import { isMissedCall } from '@ptt/contracts';
import type { CallParty, CallRecord } from '@ptt/contracts';

// The console's call log (issue 15): the signed-in user's recent 1V1 calls from the call records,
// each seen from this user's side: who the other party was, which way it went, how it ended, how
// long it talked and when.

export type CallDirection = 'incoming' | 'outgoing';
/** How a call ended, from this user's side (an incoming call that rang out or was given up: missed). */
export type CallOutcome = 'answered' | 'missed' | 'notAnswered' | 'cancelled' | 'rejected' | 'declined' | 'busy' | 'failed' | 'active';

export interface CallLogEntry {
  id: number;
  peer: CallParty;
  direction: CallDirection;
  outcome: CallOutcome;
  /** Talk time (answer to end); null when it never talked or still does. */
  durationMs: number | null;
  /** When it started (ISO). */
  at: string;
}

function outcomeOf(r: CallRecord, incoming: boolean): CallOutcome {
  if (r.endedAt === null) return 'active';
  if (isMissedCall(r)) return incoming ? 'missed' : r.reason === 'cancelled' ? 'cancelled' : 'notAnswered';
  if (r.reason === 'mediaFailed') return 'failed';
  if (r.answeredAt !== null) return 'answered';
  if (r.reason === 'busy') return 'busy';
  return incoming ? 'declined' : 'rejected';
}

export function callLogEntry(r: CallRecord, selfId: number): CallLogEntry {
  const incoming = r.callee.uid === selfId;
  const durationMs = r.answeredAt !== null && r.endedAt !== null ? Math.max(0, Date.parse(r.endedAt) - Date.parse(r.answeredAt)) : null;
  return { id: r.id, peer: incoming ? r.caller : r.callee, direction: incoming ? 'incoming' : 'outgoing', outcome: outcomeOf(r, incoming), durationMs, at: r.createdAt };
}

/** Missed calls that started after `seenAt` (ISO, or null: never looked). */
export function unseenMissed(entries: readonly CallLogEntry[], seenAt: string | null): number {
  const since = seenAt === null ? -Infinity : Date.parse(seenAt);
  return entries.filter((e) => e.outcome === 'missed' && Date.parse(e.at) > since).length;
}

/** Where this browser keeps, per user, when they last looked at their call log. */
export const callLogSeenKey = (userId: number): string => `ptt.callLog.seenAt.${userId}`;
