import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Device } from '@ptt/contracts';
import type { LoadStatus } from './chatList';

// Devices bound to accounts (staff only: members may not list devices). Kept by id so a
// DeviceChange frame, which names one device, reloads just that one.
export interface DevicesState {
  byId: Record<number, Device>;
  status: LoadStatus;
}

const initialState: DevicesState = { byId: {}, status: 'idle' };

export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {
    devicesLoading(state) {
      if (state.status !== 'ready') state.status = 'loading';
    },
    devicesLoaded(state, action: PayloadAction<Device[]>) {
      const byId: Record<number, Device> = {};
      for (const d of action.payload) byId[d.id] = d;
      state.byId = byId;
      state.status = 'ready';
    },
    devicesFailed(state) {
      if (state.status !== 'ready') state.status = 'failed';
    },
    deviceUpdated(state, action: PayloadAction<Device>) {
      state.byId[action.payload.id] = action.payload;
    },
    deviceRemoved(state, action: PayloadAction<number>) {
      delete state.byId[action.payload];
    },
  },
});

export const { devicesLoading, devicesLoaded, devicesFailed, deviceUpdated, deviceRemoved } = devicesSlice.actions;

/** The device bound to each account (an account has at most one: 2036 'already bound'). */
export const selectDeviceByUser = createSelector([(s: { devices: DevicesState }) => s.devices.byId], (byId) => {
  const byUser = new Map<number, Device>();
  for (const d of Object.values(byId)) if (d.user) byUser.set(d.user.uid, d);
  return byUser;
});
