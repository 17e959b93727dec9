import { configureStore } from '@reduxjs/toolkit';
import type { ReducersMapObject } from '@reduxjs/toolkit';
import type { ApiClient } from '@ptt/event-bus';
import { serverApi } from '@ptt/ui';
import type { DataExtra } from '@ptt/ui';
import { callSlice } from './calls';
import { chatSlice } from './chat';
import { commandsSlice } from './commands';
import { fenceAlertsSlice } from './fences';
import { chatListSlice, consoleSlice, devicesSlice, membersSlice, presenceSlice } from './core';
import type { DispatchState, DispatchStore } from './core';
import { liveSlice } from './live';
import { monitorSlice } from './monitor';
import { patrolAlertsSlice } from './patrol';
import { pttSlice } from './ptt';

/**
 * One store per mounted dispatch remote (architecture: each remote owns its Redux store). It also
 * holds the server data of the shared `serverApi` (ADR 016), fetched with `api`; without one
 * (unit tests of a slice) those queries answer with a failure.
 */
export function createDispatchStore(api?: ApiClient): DispatchStore {
  const extra: Partial<DataExtra> = { api };
  return configureStore({
    // Every key of DispatchState (core's and the ones each feature adds) needs its reducer here.
    reducer: {
      console: consoleSlice.reducer,
      chat: chatSlice.reducer,
      live: liveSlice.reducer,
      fenceAlerts: fenceAlertsSlice.reducer,
      patrolAlerts: patrolAlertsSlice.reducer,
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
      [serverApi.reducerPath]: serverApi.reducer,
    } satisfies ReducersMapObject<DispatchState>,
    // Development-only checks walk the whole state; with 10,000 members they take longer than
    // their default warning threshold, which is noise rather than news.
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra }, immutableCheck: { warnAfter: 300 }, serializableCheck: { warnAfter: 300 } }).concat(serverApi.middleware),
  });
}
