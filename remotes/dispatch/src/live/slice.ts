import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SosMsg, SosRecord } from '@ptt/contracts';

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
  /** SOS raised (or raised again) since the dialog was last dismissed: the alarm sounds for them. */
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
  const { sosId, uid, account, nickname, lng, lat, device, startedAt } = m;
  return { sosId, uid, account, nickname, lng, lat, device, startedAt };
}

export function sosEntryFromRecord(r: SosRecord): SosEntry {
  return { sosId: r.id, uid: r.user.uid, account: r.user.account, nickname: r.user.nickname, lng: r.lng, lat: r.lat, device: r.device, startedAt: r.startedAt };
}

function upsert(list: SosEntry[], entry: SosEntry): void {
  const i = list.findIndex((s) => s.sosId === entry.sosId);
  if (i >= 0) list[i] = entry;
  else list.push(entry);
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
      const loaded = action.payload;
      const heardMeanwhile = state.sos.filter((s) => state.sosAlerting.includes(s.sosId) && !loaded.some((l) => l.sosId === s.sosId));
      state.sos = [...loaded, ...heardMeanwhile].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      state.sosAlerting = state.sosAlerting.filter((id) => state.sos.some((s) => s.sosId === id));
      if (!state.sos.some((s) => s.sosId === state.sosShownId)) state.sosShownId = state.sos[0]?.sosId ?? null;
      if (state.sos.length === 0) state.sosDialogOpen = false;
    },
    /** A live raise (new or again): it is shown and sounds. */
    sosRaised(state, action: PayloadAction<SosEntry>) {
      const entry = action.payload;
      upsert(state.sos, entry);
      if (!state.sosAlerting.includes(entry.sosId)) state.sosAlerting.push(entry.sosId);
      state.sosShownId = entry.sosId;
      state.sosDialogOpen = true;
      state.sosMuted = false;
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

export const { sosLoaded, sosRaised, sosClosed, sosShow, sosDismissed, sosMute } = liveSlice.actions;

/** Whether the alarm should sound now. */
export function alarmWanted(s: LiveState): boolean {
  return s.sosDialogOpen && s.sosAlerting.length > 0 && !s.sosMuted;
}
