import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { chatSlice } from './chat/slice';
import { consoleSlice } from './console/slice';
import { callSlice } from './console/state/call';
import { chatListSlice } from './console/state/chatList';
import { commandsSlice } from './console/state/commands';
import { devicesSlice } from './console/state/devices';
import { membersSlice } from './console/state/members';
import { presenceSlice } from './console/state/presence';
import { liveSlice } from './live/slice';
import { monitorSlice } from './monitor/slice';
import { pttSlice } from './ptt/slice';

/** One store per mounted dispatch remote (architecture: each remote owns its Redux store). */
export function createDispatchStore() {
  return configureStore({
    reducer: {
      console: consoleSlice.reducer,
      chat: chatSlice.reducer,
      live: liveSlice.reducer,
      ptt: pttSlice.reducer,
      // The console's own data: the chat list, presence, the selected channel's members, devices,
      // command lifecycles and the 1V1 call.
      chatList: chatListSlice.reducer,
      presence: presenceSlice.reducer,
      members: membersSlice.reducer,
      devices: devicesSlice.reducer,
      commands: commandsSlice.reducer,
      call: callSlice.reducer,
      // The environment listen or monitor session the dialog shows.
      monitor: monitorSlice.reducer,
    },
    // Development-only checks walk the whole state; with 10,000 members they take longer than
    // their default warning threshold, which is noise rather than news.
    middleware: (getDefault) => getDefault({ immutableCheck: { warnAfter: 300 }, serializableCheck: { warnAfter: 300 } }),
  });
}

export type DispatchStore = ReturnType<typeof createDispatchStore>;
export type DispatchState = ReturnType<DispatchStore['getState']>;
export type AppDispatch = DispatchStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<DispatchState>();
export const useAppStore = useStore.withTypes<DispatchStore>();
