import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The chat on screen: a channel's group chat or a personal chat with one user. */
export interface OpenChat {
  chatId: string;
  kind: 'group' | 'personal';
  title: string;
  channelId: number | null;
  peerId: number | null;
}

// Cross-feature UI state: the member list, the map, the chat and the dialogs all follow it.
export interface ConsoleState {
  selectedChannelId: number | null;
  openChat: OpenChat | null;
  /** The member selected in the list or on the map; the map never hides it in a cluster. */
  selectedUserId: number | null;
  /** Bumped to ask the map to bring a member into view (list "locate", SOS). */
  focus: { uid: number; seq: number } | null;
  /** The member whose location track dialog is open. */
  trackUserId: number | null;
  /** A 1V1 call the user asked to start from a member row, the map or an SOS alert. */
  callRequest: { uid: number; seq: number } | null;
  /** An SOS to show in the alert dialog, asked for by a feature below live (a chat card) or the
   *  SOS page; live answers it (the dialog, or "closed" when it is no longer open). */
  sosRequest: { sosId: number; seq: number } | null;
}

const initialState: ConsoleState = {
  selectedChannelId: null,
  openChat: null,
  selectedUserId: null,
  focus: null,
  trackUserId: null,
  callRequest: null,
  sosRequest: null,
};

export const consoleSlice = createSlice({
  name: 'console',
  initialState,
  reducers: {
    selectChannel(state, action: PayloadAction<number | null>) {
      state.selectedChannelId = action.payload;
    },
    openChat(state, action: PayloadAction<OpenChat | null>) {
      state.openChat = action.payload;
    },
    selectMember(state, action: PayloadAction<number | null>) {
      state.selectedUserId = action.payload;
    },
    focusMember(state, action: PayloadAction<number>) {
      state.selectedUserId = action.payload;
      state.focus = { uid: action.payload, seq: (state.focus?.seq ?? 0) + 1 };
    },
    openTrack(state, action: PayloadAction<number | null>) {
      state.trackUserId = action.payload;
    },
    requestCall(state, action: PayloadAction<number>) {
      state.callRequest = { uid: action.payload, seq: (state.callRequest?.seq ?? 0) + 1 };
    },
    openSos(state, action: PayloadAction<number>) {
      state.sosRequest = { sosId: action.payload, seq: (state.sosRequest?.seq ?? 0) + 1 };
    },
  },
});

export const { selectChannel, openChat, selectMember, focusMember, openTrack, requestCall, openSos } = consoleSlice.actions;
