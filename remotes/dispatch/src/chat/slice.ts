import { createSlice } from '@reduxjs/toolkit';

// The chat feature's state in the dispatch store (see ../store.ts).
export interface ChatState {
  ready: boolean;
}

const initialState: ChatState = { ready: false };

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {},
});
