import { SCREEN_ALERTS_MAX } from '@ptt/contracts';
import type { PttTalker, ScreenCounts, ScreenFloorFrame, ScreenSummary, SosMsg, WallAlertFrame } from '@ptt/contracts';

// What the screen shows besides the map, kept from the summary and the frames after it. Pure, so
// days of frames can be replayed in a test. Every list is bounded: a wall runs for days.

/** Ended talk bursts kept (newest first). */
export const ENDED_MAX = 10;
/** Open SOS kept; more at once is a disaster no panel helps with (the count still says it). */
export const OPEN_SOS_MAX = 500;
/** Frames kept to be replayed over a summary that was read while they arrived. */
export const JOURNAL_MAX = 200;
export const JOURNAL_KEEP_MS = 60_000;

export interface LiveFloor {
  chatId: string;
  channelId: number;
  channelName: string;
  holder: PttTalker;
  /** When the holder took the floor, ms since the epoch (server clock). */
  since: number;
}

export interface EndedBurst {
  key: string;
  channelName: string;
  talker: PttTalker;
  /** Whole seconds, or null when the start was not seen. */
  seconds: number | null;
  endedAt: number;
}

export type LiveAction =
  | { type: 'counts'; counts: ScreenCounts }
  /** `at`: when it arrived, on the server's clock. */
  | { type: 'floor'; floor: ScreenFloorFrame; at: number }
  | { type: 'alert'; alert: WallAlertFrame }
  | { type: 'sos'; sos: SosMsg };

interface Journaled {
  received: number;
  action: LiveAction;
}

export interface ScreenLive {
  counts: ScreenCounts | null;
  /** Held floors by chat id. */
  floors: ReadonlyMap<string, LiveFloor>;
  /** Open SOS, oldest first. */
  sos: readonly SosMsg[];
  /** Newest first, at most SCREEN_ALERTS_MAX. */
  alerts: readonly WallAlertFrame[];
  ended: readonly EndedBurst[];
  journal: readonly Journaled[];
}

export const EMPTY_LIVE: ScreenLive = { counts: null, floors: new Map(), sos: [], alerts: [], ended: [], journal: [] };

function time(iso: string | null | undefined, fallback: number): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? fallback : ms;
}

function addEnded(list: readonly EndedBurst[], burst: EndedBurst): EndedBurst[] {
  if (list.some((b) => b.key === burst.key)) return list as EndedBurst[];
  return [burst, ...list].slice(0, ENDED_MAX);
}

function applyFloor(state: ScreenLive, f: ScreenFloorFrame, at: number): ScreenLive {
  const floors = new Map(state.floors);
  const held = floors.get(f.chatId);
  let ended = state.ended;
  const continues = held && f.holder !== null && f.holder.uid === held.holder.uid && time(f.since, held.since) === held.since;
  if (held && !continues) {
    ended = addEnded(ended, { key: `${f.chatId}:${held.since}`, channelName: f.channelName, talker: held.holder, seconds: Math.max(0, Math.round((at - held.since) / 1000)), endedAt: at });
  } else if (!held && f.previous) {
    // Its start was before we looked: the talker and the channel are still worth a line.
    ended = addEnded(ended, { key: `${f.chatId}:${f.previous.uid}:${at}`, channelName: f.channelName, talker: f.previous, seconds: null, endedAt: at });
  }
  if (f.holder) floors.set(f.chatId, { chatId: f.chatId, channelId: f.channelId, channelName: f.channelName, holder: f.holder, since: continues && held ? held.since : time(f.since, at) });
  else floors.delete(f.chatId);
  return { ...state, floors, ended };
}

function applySos(state: ScreenLive, msg: SosMsg): ScreenLive {
  const rest = state.sos.filter((s) => s.sosId !== msg.sosId);
  if (msg.state !== 'open') return rest.length === state.sos.length ? state : { ...state, sos: rest };
  const sos = [...rest, msg].sort((a, b) => time(a.startedAt, 0) - time(b.startedAt, 0) || a.sosId - b.sosId).slice(0, OPEN_SOS_MAX);
  return { ...state, sos };
}

function applyAlert(state: ScreenLive, alert: WallAlertFrame): ScreenLive {
  if (state.alerts.some((a) => a.alertId === alert.alertId)) return state;
  return { ...state, alerts: [alert, ...state.alerts].slice(0, SCREEN_ALERTS_MAX) };
}

function apply(state: ScreenLive, action: LiveAction): ScreenLive {
  switch (action.type) {
    case 'counts':
      return { ...state, counts: action.counts };
    case 'floor':
      return applyFloor(state, action.floor, action.at);
    case 'alert':
      return applyAlert(state, action.alert);
    case 'sos':
      return applySos(state, action.sos);
  }
}

/** A frame: applied, and kept a minute in case a summary read while it came lands after it. */
export function onFrame(state: ScreenLive, action: LiveAction, received: number): ScreenLive {
  const journal = [...state.journal.filter((j) => received - j.received <= JOURNAL_KEEP_MS), { received, action }].slice(-JOURNAL_MAX);
  return { ...apply(state, action), journal };
}

/**
 * A summary landed (first read, or again after a reconnect): it is the truth as of when it was
 * asked for (`startedAt`, our clock); the frames that came since are applied over it again.
 */
export function onSummary(state: ScreenLive, summary: ScreenSummary, startedAt: number): ScreenLive {
  const at = time(summary.at, Date.now());
  const floors = new Map<string, LiveFloor>();
  for (const f of summary.floors) {
    if (f.holder) floors.set(f.chatId, { chatId: f.chatId, channelId: f.channelId, channelName: f.channelName, holder: f.holder, since: time(f.since, at) });
  }
  const alerts: WallAlertFrame[] = [];
  for (const a of summary.alerts) if (!alerts.some((b) => b.alertId === a.alertId)) alerts.push(a);
  let next: ScreenLive = {
    counts: summary.counts,
    floors,
    sos: summary.sos.filter((s) => s.state === 'open').slice(0, OPEN_SOS_MAX),
    alerts: alerts.slice(0, SCREEN_ALERTS_MAX),
    ended: state.ended,
    journal: state.journal,
  };
  for (const j of state.journal) if (j.received >= startedAt) next = apply(next, j.action);
  return next;
}
