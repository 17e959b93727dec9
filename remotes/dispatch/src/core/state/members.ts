import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ChannelMember } from '@ptt/contracts';
import type { LoadStatus } from './chatList';

// The members of the selected channel, loaded page by page (the first page shows at once).
export interface MembersState {
  channelId: number | null;
  items: ChannelMember[];
  status: LoadStatus;
  /** Bumped to load the channel's members again (retry, members added or removed). */
  reload: number;
}

const initialState: MembersState = { channelId: null, items: [], status: 'idle', reload: 0 };

export const membersSlice = createSlice({
  name: 'members',
  initialState,
  reducers: {
    membersLoading(state, action: PayloadAction<number | null>) {
      // Reloading the same channel keeps the rows on screen until the new ones arrive.
      if (state.channelId !== action.payload) state.items = [];
      state.channelId = action.payload;
      state.status = action.payload === null ? 'idle' : 'loading';
    },
    /** Pages in order; `first` replaces what a reload kept, `done` ends the load. */
    membersReceived(state, action: PayloadAction<{ channelId: number; items: ChannelMember[]; first: boolean; done: boolean }>) {
      const { channelId, items, first, done } = action.payload;
      if (state.channelId !== channelId) return;
      if (first) state.items = [];
      const known = new Set(state.items.map((m) => m.userId));
      for (const m of items) if (!known.has(m.userId)) state.items.push(m);
      if (done) state.status = 'ready';
    },
    membersFailed(state, action: PayloadAction<number>) {
      if (state.channelId === action.payload) state.status = 'failed';
    },
    membersReload(state) {
      state.reload += 1;
    },
    memberRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((m) => m.userId !== action.payload);
    },
  },
});

export const { membersLoading, membersReceived, membersFailed, membersReload, memberRemoved } = membersSlice.actions;
