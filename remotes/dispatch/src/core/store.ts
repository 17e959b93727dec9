import type { Dispatch, Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { serverApi } from '@ptt/ui';
import type { ChatListState } from './state/chatList';
import type { ConsoleState } from './state/console';
import type { DevicesState } from './state/devices';
import type { MembersState } from './state/members';
import type { PresenceState } from './state/presence';

/**
 * The dispatch store's state, one key per slice. Core lists its own slices here; each feature
 * adds its slice beside the slice itself (`declare module '../core'`), the way Redux Toolkit
 * types lazily added slices, so the hooks below know the whole state without core importing the
 * features above it. src/store.ts combines the reducers and does not compile if one is missing.
 */
export interface DispatchState {
  /** Cross-feature UI state: the selected channel, open chat, selected member, map focus. */
  console: ConsoleState;
  // The console's own data: the chat list, presence, the selected channel's members, devices.
  chatList: ChatListState;
  presence: PresenceState;
  members: MembersState;
  devices: DevicesState;
  /** The shared server data (RTK Query, ADR 016). */
  server: ReturnType<typeof serverApi.reducer>;
}

export type AppDispatch = ThunkDispatch<DispatchState, undefined, UnknownAction> & Dispatch<UnknownAction>;
export type DispatchStore = Store<DispatchState> & { dispatch: AppDispatch };

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<DispatchState>();
export const useAppStore = useStore.withTypes<DispatchStore>();
