import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { AccessParts, Floor, FloorVia, MediaInfo, PttFloorFrame, PttTalker } from '@ptt/contracts';
import type { RoomState } from '@ptt/media';

/** The PTT button: idle; requesting (pressed, the server has not answered); talking (the floor is
 *  ours and the microphone transmits); refused (pressed, the floor was refused, still held). */
export type PressState = 'idle' | 'requesting' | 'talking' | 'refused';

/** A line under the button about the last press: why it was refused or how the talk ended. */
export type PressNotice =
  | { kind: 'occupied'; name: string | null }
  | { kind: 'maxDuration'; seconds: number }
  | { kind: 'preempted'; name: string }
  | { kind: 'ended' };

export interface HeldFloor {
  holder: PttTalker;
  since: string | null;
  until: string | null;
  /** Held through a patch or an all-call (ADR 024): the talker pressed elsewhere. */
  via: FloorVia | null;
}

const held = (f: PttFloorFrame | Floor, holder: PttTalker): HeldFloor => ({ holder, since: f.since, until: f.until, via: f.via ?? null });

/** What one PTT button shows: its press, whether it asked to force-insert, and the line under it
 *  about the last press. Each button (the selected channel's, a temporary channel's) keeps its own
 *  in usePttPress; the server lets a user hold one floor at a time anyway. */
export interface PressView {
  press: PressState;
  force: boolean;
  notice: PressNotice | null;
}

/** How many access times the percentiles are taken over. */
export const ACCESS_SAMPLES = 50;

export interface PttState {
  /** What `GET /api/ptt/media` said; null until it answered. */
  media: MediaInfo | null;
  /** The selected channel's room. */
  connection: RoomState;
  /** Chat id -> who holds its floor; chats whose floor is free are absent. */
  floors: Record<string, HeldFloor>;
  /** Press to floor granted and talking shown, ms: the latest last. */
  accessMs: number[];
  /** Where each of those presses' time went, when the browser could tell (floorTiming.ts). */
  accessParts: AccessParts[];
  roundTripMs: number | null;
  jitterBufferMs: number | null;
  playoutMs: number | null;
}

// The store holds this slice under `ptt` (src/store.ts); this tells core's typed hooks.
declare module '../core' {
  interface DispatchState {
    ptt: PttState;
  }
}

const initialState: PttState = {
  media: null,
  connection: 'notConnected',
  floors: {},
  accessMs: [],
  accessParts: [],
  roundTripMs: null,
  jitterBufferMs: null,
  playoutMs: null,
};

export const pttSlice = createSlice({
  name: 'ptt',
  initialState,
  reducers: {
    mediaLoaded(state, action: PayloadAction<MediaInfo>) {
      state.media = action.payload;
    },
    connectionChanged(state, action: PayloadAction<RoomState>) {
      state.connection = action.payload;
    },
    floorsLoaded(state, action: PayloadAction<Floor[]>) {
      state.floors = {};
      for (const f of action.payload) {
        if (f.holder) state.floors[f.chatId] = held(f, f.holder);
      }
    },
    floorChanged(state, action: PayloadAction<PttFloorFrame | Floor>) {
      const f = action.payload;
      if (f.holder) state.floors[f.chatId] = held(f, f.holder);
      else delete state.floors[f.chatId];
    },
    accessMeasured: {
      reducer(state, action: PayloadAction<{ ms: number; parts: AccessParts | null }>) {
        state.accessMs = [...state.accessMs, Math.round(action.payload.ms)].slice(-ACCESS_SAMPLES);
        if (action.payload.parts) state.accessParts = [...state.accessParts, action.payload.parts].slice(-ACCESS_SAMPLES);
      },
      prepare: (ms: number, parts: AccessParts | null = null) => ({ payload: { ms, parts } }),
    },
    latencyMeasured(state, action: PayloadAction<{ roundTripMs: number | null; jitterBufferMs: number | null; playoutMs?: number | null }>) {
      state.roundTripMs = action.payload.roundTripMs;
      state.jitterBufferMs = action.payload.jitterBufferMs;
      state.playoutMs = action.payload.playoutMs ?? null;
    },
  },
});

export const { mediaLoaded, connectionChanged, floorsLoaded, floorChanged, accessMeasured, latencyMeasured } = pttSlice.actions;

const idlePress: PressView = { press: 'idle', force: false, notice: null };

/** One button's press (PressView): a reducer of its own, not in the store (usePttPress). */
export const pressSlice = createSlice({
  name: 'pttPress',
  initialState: idlePress,
  reducers: {
    pressStarted(state, action: PayloadAction<{ force: boolean }>) {
      state.press = 'requesting';
      state.force = action.payload.force;
      state.notice = null;
    },
    pressGranted(state) {
      state.press = 'talking';
    },
    pressRefused(state, action: PayloadAction<PressNotice | null>) {
      state.press = 'refused';
      state.notice = action.payload;
    },
    pressEnded(state, action: PayloadAction<PressNotice | null | undefined>) {
      state.press = 'idle';
      state.force = false;
      if (action.payload !== undefined) state.notice = action.payload;
    },
  },
});

export const { pressStarted, pressGranted, pressRefused, pressEnded } = pressSlice.actions;

/** The value at fraction `q` (0..1) of the sorted samples, nearest rank; null when there are none. */
export function percentile(samples: readonly number[], q: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? null;
}
