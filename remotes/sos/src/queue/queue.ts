import { sosMsgOf } from '@ptt/contracts';
import type { SosMsg, SosRecord, SosStaff } from '@ptt/contracts';

// The open queue as the page holds it: the last read of GET /api/sos (open, oldest first) with
// the SosMsg frames and our own answers heard since laid over it.

/** One open SOS: what a row, the detail pane and the alarm need. */
export interface QueueEntry {
  id: number;
  uid: number;
  account: string;
  nickname: string;
  lng: number | null;
  lat: number | null;
  device: string | null;
  deviceId: number | null;
  startedAt: string;
  ackedAt: string | null;
  ackedBy: SosStaff | null;
  escalatedAt: string | null;
}

/** What was heard about one SOS after a read: how it is now, or that it closed (entry null). */
export interface QueueChange {
  id: number;
  /** When it was heard (Date.now()), to tell whether a later read already holds it. */
  at: number;
  entry: QueueEntry | null;
}

export type QueueChanges = ReadonlyMap<number, QueueChange>;

export function entryFromRecord(r: SosRecord): QueueEntry {
  return entryFromMsg(sosMsgOf(r));
}

export function entryFromMsg(m: SosMsg): QueueEntry {
  return {
    id: m.sosId,
    uid: m.uid,
    account: m.account,
    nickname: m.nickname,
    lng: m.lng,
    lat: m.lat,
    device: m.device,
    deviceId: m.deviceId,
    startedAt: m.startedAt,
    ackedAt: m.ackedAt,
    ackedBy: m.ackedBy,
    escalatedAt: m.escalatedAt,
  };
}

/** A change from a frame: a closed SOS leaves the queue. */
export function changeFromMsg(m: SosMsg, at: number): QueueChange {
  return { id: m.sosId, at, entry: m.state === 'closed' ? null : entryFromMsg(m) };
}

/** A change from our own call's answer (acknowledge, close). */
export function changeFromRecord(r: SosRecord, at: number): QueueChange {
  return { id: r.id, at, entry: r.state === 'closed' ? null : entryFromRecord(r) };
}

/**
 * The newer of two views of one SOS. The server only ever stamps acknowledgement and escalation
 * once, so a view without them is older, whatever order it arrived in (a frame sent before our
 * acknowledgement may land after its answer): the stamps are kept, never taken back.
 */
function merge(older: QueueEntry | undefined, newer: QueueEntry): QueueEntry {
  if (!older) return newer;
  return {
    ...newer,
    ackedAt: newer.ackedAt ?? older.ackedAt,
    ackedBy: newer.ackedBy ?? older.ackedBy,
    escalatedAt: newer.escalatedAt ?? older.escalatedAt,
  };
}

/** Adds a change. A close is final: an SOS that closed never reopens (a new raise is a new SOS). */
export function recordChange(changes: QueueChanges, change: QueueChange): QueueChanges {
  const previous = changes.get(change.id);
  const next = new Map(changes);
  if (previous && previous.entry === null) next.set(change.id, { ...previous, at: Math.max(previous.at, change.at) });
  else if (change.entry === null) next.set(change.id, change);
  else next.set(change.id, { ...change, entry: merge(previous?.entry ?? undefined, change.entry) });
  return next;
}

/** Drops the changes a read started at `startedAt` already holds (heard before it began). */
export function pruneChanges(changes: QueueChanges, startedAt: number): QueueChanges {
  const next = new Map([...changes].filter(([, c]) => c.at >= startedAt));
  return next.size === changes.size ? changes : next;
}

/** The queue: the read with the changes laid over it, oldest first. */
export function applyChanges(base: readonly QueueEntry[], changes: Iterable<QueueChange>): QueueEntry[] {
  const byId = new Map(base.map((e) => [e.id, e]));
  for (const c of changes) {
    if (c.entry === null) byId.delete(c.id);
    else byId.set(c.id, merge(byId.get(c.id), c.entry));
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.id - b.id);
}
