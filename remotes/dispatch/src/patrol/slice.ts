import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PatrolAlertFrame } from '@ptt/contracts';

/** A missed checkpoint as the console lists it (from a PatrolAlert frame). Position WGS-84. */
export interface PatrolAlertEntry {
  /** One alert per stop of a run: the run, the node and its planned time (a node may be on a route twice). */
  id: string;
  runId: number;
  taskId: number;
  taskName: string;
  nodeId: number;
  nodeName: string;
  lng: number;
  lat: number;
  plannedAt: string;
  reason: PatrolAlertFrame['reason'];
  time: string;
}

// The patrol alerts' state in the dispatch store (see ../store.ts).
export interface PatrolAlertsState {
  /** Alerts heard since the console opened and not dismissed, newest first. */
  alerts: PatrolAlertEntry[];
  /** The alert whose checkpoint the map marks ("Show on map"). */
  shownId: string | null;
}

declare module '../core' {
  interface DispatchState {
    patrolAlerts: PatrolAlertsState;
  }
}

/** Alerts kept in the list; older ones drop off (the patrol records have them all). */
export const PATROL_ALERTS_KEPT = 20;

const initialState: PatrolAlertsState = { alerts: [], shownId: null };

export function patrolAlertEntry(f: PatrolAlertFrame): PatrolAlertEntry {
  const { runId, taskId, taskName, nodeId, nodeName, lng, lat, plannedAt, reason, time } = f;
  return { id: `${runId}:${nodeId}:${plannedAt}`, runId, taskId, taskName, nodeId, nodeName, lng, lat, plannedAt, reason, time };
}

export const patrolAlertsSlice = createSlice({
  name: 'patrolAlerts',
  initialState,
  reducers: {
    patrolAlertHeard(state, action: PayloadAction<PatrolAlertEntry>) {
      const entry = action.payload;
      // A frame heard twice (two sockets during a reconnect) is one alert.
      if (state.alerts.some((a) => a.id === entry.id)) return;
      state.alerts.unshift(entry);
      if (state.alerts.length > PATROL_ALERTS_KEPT) state.alerts.length = PATROL_ALERTS_KEPT;
      if (state.shownId !== null && !state.alerts.some((a) => a.id === state.shownId)) state.shownId = null;
    },
    patrolAlertShown(state, action: PayloadAction<string>) {
      if (state.alerts.some((a) => a.id === action.payload)) state.shownId = action.payload;
    },
    /** Dismissed: out of the list, and its checkpoint off the map if it was marked. */
    patrolAlertDismissed(state, action: PayloadAction<string>) {
      state.alerts = state.alerts.filter((a) => a.id !== action.payload);
      if (state.shownId === action.payload) state.shownId = null;
    },
    patrolAlertsCleared(state) {
      state.alerts = [];
      state.shownId = null;
    },
  },
});

export const { patrolAlertHeard, patrolAlertShown, patrolAlertDismissed, patrolAlertsCleared } = patrolAlertsSlice.actions;

export function shownPatrolAlert(s: PatrolAlertsState): PatrolAlertEntry | null {
  return s.alerts.find((a) => a.id === s.shownId) ?? null;
}
