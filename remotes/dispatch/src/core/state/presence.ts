import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { UserStatus } from '@ptt/contracts';

export interface PresenceEntry {
  uid: number;
  status: UserStatus;
}

// Who is online and how (GET /api/presence, then OnLine and Logout frames). Users not listed are
// offline, which keeps the map as small as the online part of the enterprise.
export interface PresenceState {
  statuses: Record<number, UserStatus>;
  loaded: boolean;
}

const initialState: PresenceState = { statuses: {}, loaded: false };

export const presenceSlice = createSlice({
  name: 'presence',
  initialState,
  reducers: {
    presenceLoaded(state, action: PayloadAction<PresenceEntry[]>) {
      const statuses: Record<number, UserStatus> = {};
      for (const { uid, status } of action.payload) if (status !== UserStatus.Offline) statuses[uid] = status;
      state.statuses = statuses;
      state.loaded = true;
    },
    /** A batch of changes, in arrival order (frames are gathered per animation frame). */
    presenceChanged(state, action: PayloadAction<PresenceEntry[]>) {
      for (const { uid, status } of action.payload) {
        if (status === UserStatus.Offline) delete state.statuses[uid];
        else state.statuses[uid] = status;
      }
    },
  },
});

export const { presenceLoaded, presenceChanged } = presenceSlice.actions;

export function statusOf(statuses: Record<number, UserStatus>, uid: number): UserStatus {
  return statuses[uid] ?? UserStatus.Offline;
}

/** Invisible users show as offline to others; online-like statuses sort first. */
export function isOnline(status: UserStatus): boolean {
  return status !== UserStatus.Offline && status !== UserStatus.Invisible && status !== UserStatus.Unknown;
}
