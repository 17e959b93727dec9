import { createSlice } from '@reduxjs/toolkit';

// The console feature's state in the dispatch store (see ../store.ts).
export interface ConsoleState {
  ready: boolean;
}

const initialState: ConsoleState = { ready: false };

export const consoleSlice = createSlice({
  name: 'console',
  initialState,
  reducers: {},
});
