import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MonitorInfo } from '@ptt/contracts';

// The device session the monitor dialog shows (environment listen or monitor): opened by the
// answer to a listen or camera command, updated by a camera flip, closed by stop or the user.

export interface OpenMonitor extends MonitorInfo {
  deviceId: number;
  /** Who the device belongs to, for the title. */
  name: string;
}

export interface MonitorSliceState {
  open: OpenMonitor | null;
}

// The store holds this slice under `monitor` (src/store.ts); this tells core's typed hooks.
declare module '../core' {
  interface DispatchState {
    monitor: MonitorSliceState;
  }
}

const initialState: MonitorSliceState = { open: null };

export const monitorSlice = createSlice({
  name: 'monitor',
  initialState,
  reducers: {
    /** A listen or camera command answered with its session (a flip answers the same room). */
    monitorOpened(state, action: PayloadAction<OpenMonitor>) {
      state.open = action.payload;
    },
    monitorClosed(state) {
      state.open = null;
    },
  },
});

export const { monitorOpened, monitorClosed } = monitorSlice.actions;
