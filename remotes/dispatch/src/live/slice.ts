import { createSlice } from '@reduxjs/toolkit';

// The live feature's state in the dispatch store (see ../store.ts).
export interface LiveState {
  ready: boolean;
}

const initialState: LiveState = { ready: false };

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {},
});
