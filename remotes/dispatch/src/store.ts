import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { chatSlice } from './chat/slice';
import { consoleSlice } from './console/slice';
import { liveSlice } from './live/slice';

/** One store per mounted dispatch remote (architecture: each remote owns its Redux store). */
export function createDispatchStore() {
  return configureStore({
    reducer: {
      console: consoleSlice.reducer,
      chat: chatSlice.reducer,
      live: liveSlice.reducer,
    },
  });
}

export type DispatchStore = ReturnType<typeof createDispatchStore>;
export type DispatchState = ReturnType<DispatchStore['getState']>;
export type AppDispatch = DispatchStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<DispatchState>();
