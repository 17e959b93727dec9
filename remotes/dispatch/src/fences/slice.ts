import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { FenceRule, WallAlertFrame } from '@ptt/contracts';

/** A cross-border alert as the console lists it (from a WallAlert frame). Position WGS-84. */
export interface FenceAlertEntry {
  alertId: number;
  fenceId: number;
  fenceName: string;
  uid: number;
  name: string;
  type: FenceRule;
  lng: number;
  lat: number;
  time: string;
}

// The fence alerts' state in the dispatch store (see ../store.ts).
export interface FenceAlertsState {
  /** Alerts heard since the console opened and not dismissed, newest first. */
  alerts: FenceAlertEntry[];
  /** The alert whose member and fence the map shows ("Show on map"). */
  shownId: number | null;
}

declare module '../core' {
  interface DispatchState {
    fenceAlerts: FenceAlertsState;
  }
}

/** Alerts kept in the list; older ones drop off (the records page has them all). */
export const FENCE_ALERTS_KEPT = 20;

const initialState: FenceAlertsState = { alerts: [], shownId: null };

export function fenceAlertEntry(f: WallAlertFrame): FenceAlertEntry {
  const { alertId, fenceId, fenceName, uid, type, lng, lat, time } = f;
  return { alertId, fenceId, fenceName, uid, name: f.nickname || f.account, type, lng, lat, time };
}

export const fenceAlertsSlice = createSlice({
  name: 'fenceAlerts',
  initialState,
  reducers: {
    fenceAlertHeard(state, action: PayloadAction<FenceAlertEntry>) {
      const entry = action.payload;
      // A frame heard twice (two sockets during a reconnect) is one alert.
      if (state.alerts.some((a) => a.alertId === entry.alertId)) return;
      state.alerts.unshift(entry);
      if (state.alerts.length > FENCE_ALERTS_KEPT) state.alerts.length = FENCE_ALERTS_KEPT;
      if (state.shownId !== null && !state.alerts.some((a) => a.alertId === state.shownId)) state.shownId = null;
    },
    fenceAlertShown(state, action: PayloadAction<number>) {
      if (state.alerts.some((a) => a.alertId === action.payload)) state.shownId = action.payload;
    },
    /** Dismissed: out of the list, and its fence off the map if it was shown. */
    fenceAlertDismissed(state, action: PayloadAction<number>) {
      state.alerts = state.alerts.filter((a) => a.alertId !== action.payload);
      if (state.shownId === action.payload) state.shownId = null;
    },
    fenceAlertsCleared(state) {
      state.alerts = [];
      state.shownId = null;
    },
  },
});

export const { fenceAlertHeard, fenceAlertShown, fenceAlertDismissed, fenceAlertsCleared } = fenceAlertsSlice.actions;

export function shownAlert(s: FenceAlertsState): FenceAlertEntry | null {
  return s.alerts.find((a) => a.alertId === s.shownId) ?? null;
}
