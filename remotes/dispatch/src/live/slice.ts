import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sosMsgOf } from '@ptt/contracts';
import type { SosMsg, SosRecord, SosStaff } from '@ptt/contracts';

/** An open SOS as the console shows it. Positions are WGS-84, null when the raise had none. */
export interface SosEntry {
  sosId: number;
  uid: number;
  account: string;
  nickname: string;
  lng: number | null;
  lat: number | null;
  device: string | null;
  startedAt: string;
  /** When a dispatcher (anyone's console or the SOS page) acknowledged it, and who: its alarm
   *  stops everywhere, the SOS stays open until closed (ADR 025). */
  ackedAt: string | null;
  ackedBy: SosStaff | null;
  /** When nobody acknowledged it in the organisation's time: the alarm's second level. */
  escalatedAt: string | null;
}

// The live feature's state in the dispatch store (see ../store.ts). Member positions are not here:
// they arrive by the thousand per second and go straight to the map layer (see roster.ts).
export interface LiveState {
  /** Open SOS, oldest first. */
  sos: SosEntry[];
  /** Whether the SOS alert dialog is shown. */
  sosDialogOpen: boolean;
  /** The SOS the dialog shows. */
  sosShownId: number | null;
  /** SOS raised (or raised again, or escalated) since the dialog was last dismissed and not
   *  acknowledged: the alarm sounds for them. */
  sosAlerting: number[];
  /** The dispatcher silenced the alarm; a new raise sounds again. */
  sosMuted: boolean;
}

// The store holds this slice under `live` (src/store.ts); this tells core's typed hooks.
declare module '../core' {
  interface DispatchState {
    live: LiveState;
  }
}

const initialState: LiveState = { sos: [], sosDialogOpen: false, sosShownId: null, sosAlerting: [], sosMuted: false };

export function sosEntryFromMsg(m: SosMsg): SosEntry {
  const { sosId, uid, account, nickname, lng, lat, device, startedAt, ackedAt, ackedBy, escalatedAt } = m;
  return { sosId, uid, account, nickname, lng, lat, device, startedAt, ackedAt, ackedBy, escalatedAt };
}

export function sosEntryFromRecord(r: SosRecord): SosEntry {
  return sosEntryFromMsg(sosMsgOf(r));
}

/** Replaces the entry in place, or adds it in start order. */
function upsert(list: SosEntry[], entry: SosEntry): void {
  const i = list.findIndex((s) => s.sosId === entry.sosId);
  if (i >= 0) {
    list[i] = entry;
    return;
  }
  const after = list.findIndex((s) => s.startedAt.localeCompare(entry.startedAt) > 0);
  if (after < 0) list.push(entry);
  else list.splice(after, 0, entry);
}

function entryOf(state: LiveState, sosId: number): SosEntry | undefined {
  return state.sos.find((s) => s.sosId === sosId);
}

/** Alerting SOS nobody acknowledged: those the alarm is for. */
function waiting(state: LiveState): SosEntry[] {
  return state.sosAlerting.map((id) => entryOf(state, id)).filter((e): e is SosEntry => e !== undefined && e.ackedAt === null);
}

function remove(state: LiveState, sosId: number): void {
  state.sos = state.sos.filter((s) => s.sosId !== sosId);
  state.sosAlerting = state.sosAlerting.filter((id) => id !== sosId);
  if (state.sosShownId === sosId) state.sosShownId = state.sos[0]?.sosId ?? null;
  if (state.sos.length === 0) state.sosDialogOpen = false;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    /**
     * The open SOS read from the server (on load, and again after the socket was down): listed
     * (badge), not sounded, since nobody raised them just now. The list replaces ours, except for
     * raises heard while it was being read.
     */
    sosLoaded(state, action: PayloadAction<SosEntry[]>) {
      // An acknowledgement or escalation heard while the list was read is newer than the list.
      const loaded = action.payload.map((l) => {
        const known = entryOf(state, l.sosId);
        if (!known) return l;
        return { ...l, ackedAt: l.ackedAt ?? known.ackedAt, ackedBy: l.ackedBy ?? known.ackedBy, escalatedAt: l.escalatedAt ?? known.escalatedAt };
      });
      const heardMeanwhile = state.sos.filter((s) => state.sosAlerting.includes(s.sosId) && !loaded.some((l) => l.sosId === s.sosId));
      state.sos = [...loaded, ...heardMeanwhile].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      // One acknowledged meanwhile stops sounding.
      state.sosAlerting = state.sosAlerting.filter((id) => entryOf(state, id)?.ackedAt === null);
      if (!state.sos.some((s) => s.sosId === state.sosShownId)) state.sosShownId = state.sos[0]?.sosId ?? null;
      if (state.sos.length === 0) state.sosDialogOpen = false;
    },
    /** A live raise (new or again) or an escalation, not acknowledged: it is shown and sounds. */
    sosRaised(state, action: PayloadAction<SosEntry>) {
      const entry = action.payload;
      upsert(state.sos, entry);
      if (entry.ackedAt !== null) return;
      if (!state.sosAlerting.includes(entry.sosId)) state.sosAlerting.push(entry.sosId);
      state.sosShownId = entry.sosId;
      state.sosDialogOpen = true;
      state.sosMuted = false;
    },
    /**
     * News of an open SOS that asks for no alarm: acknowledged (by anyone), or moved after it was.
     * Its facts change where they show; an acknowledged one stops sounding and stays listed.
     */
    sosUpdated(state, action: PayloadAction<SosEntry>) {
      const entry = action.payload;
      upsert(state.sos, entry);
      if (entry.ackedAt !== null) state.sosAlerting = state.sosAlerting.filter((id) => id !== entry.sosId);
      if (state.sosShownId === null) state.sosShownId = entry.sosId;
    },
    /** Asked to show an open SOS the list may not hold yet (a chat card, the SOS page): no alarm. */
    sosOpened(state, action: PayloadAction<SosEntry>) {
      const entry = action.payload;
      upsert(state.sos, entry);
      state.sosShownId = entry.sosId;
      state.sosDialogOpen = true;
    },
    /** Closed by anyone (a frame or our own close): it goes away everywhere. */
    sosClosed(state, action: PayloadAction<number>) {
      remove(state, action.payload);
    },
    sosShow(state, action: PayloadAction<number | undefined>) {
      if (state.sos.length === 0) return;
      const id = action.payload;
      state.sosShownId = id !== undefined && state.sos.some((s) => s.sosId === id) ? id : (state.sosShownId ?? state.sos[0]!.sosId);
      state.sosDialogOpen = true;
    },
    /** The dispatcher dismissed the dialog: the SOS stay open (badge), the alarm stops. */
    sosDismissed(state) {
      state.sosDialogOpen = false;
      state.sosAlerting = [];
    },
    sosMute(state, action: PayloadAction<boolean>) {
      state.sosMuted = action.payload;
    },
  },
});

export const { sosLoaded, sosRaised, sosUpdated, sosOpened, sosClosed, sosShow, sosDismissed, sosMute } = liveSlice.actions;

/** Whether the alarm should sound now: some SOS raised while we watched and nobody acknowledged. */
export function alarmWanted(s: LiveState): boolean {
  return s.sosDialogOpen && !s.sosMuted && waiting(s).length > 0;
}

/** The alarm's level: 2 while one it sounds for has escalated (nobody acknowledged it in time). */
export function sirenLevel(s: LiveState): 1 | 2 {
  return waiting(s).some((e) => e.escalatedAt !== null) ? 2 : 1;
}
