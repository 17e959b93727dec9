import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { CHAT_UNREAD_MAX } from '@ptt/contracts';
import type { ChatKind, ChatListItem, ChatMessage } from '@ptt/contracts';
import { openChat } from './console';

/** Who holds the floor in a channel (push-to-talk: src/ptt follows the floors). */
export interface Talker {
  uid: number;
  nickname: string;
}

export interface ChatEntry {
  chatId: string;
  kind: ChatKind;
  /** Channel name, or the peer's nickname. */
  title: string;
  channelId: number | null;
  peerId: number | null;
  unread: number;
  lastMessage: ChatMessage | null;
  talking: Talker | null;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ChatListState {
  items: Record<string, ChatEntry>;
  /** Chat ids, most recent activity first. */
  order: string[];
  status: LoadStatus;
  /** Channel id -> enabled; false while suspended. Channels not listed count as enabled. */
  channelEnabled: Record<number, boolean>;
  /** Bumped when only the server can tell the new list (a chat we do not know, a channel added). */
  stale: number;
  /** Channel id -> who holds its floor, kept apart from the entries: floors may be known before the list. */
  talkers: Record<number, Talker>;
}

const initialState: ChatListState = { items: {}, order: [], status: 'idle', channelEnabled: {}, stale: 0, talkers: {} };

function toTop(state: ChatListState, chatId: string): void {
  state.order = [chatId, ...state.order.filter((id) => id !== chatId)];
}

function remove(state: ChatListState, chatId: string): void {
  delete state.items[chatId];
  state.order = state.order.filter((id) => id !== chatId);
}

export const chatListSlice = createSlice({
  name: 'chatList',
  initialState,
  reducers: {
    chatListLoading(state) {
      if (state.status !== 'ready') state.status = 'loading';
    },
    chatListFailed(state) {
      if (state.status !== 'ready') state.status = 'failed';
    },
    /** The server's list (most recent first). The open chat reads as read: its panel marks it so. */
    chatListLoaded(state, action: PayloadAction<{ items: ChatListItem[]; openChatId: string | null }>) {
      const { items, openChatId } = action.payload;
      const next: Record<string, ChatEntry> = {};
      for (const item of items) {
        next[item.chatId] = {
          ...item,
          unread: item.chatId === openChatId ? 0 : item.unread,
          talking: item.channelId === null ? null : (state.talkers[item.channelId] ?? null),
        };
      }
      state.items = next;
      state.order = items.map((i) => i.chatId);
      state.status = 'ready';
    },
    channelStatesLoaded(state, action: PayloadAction<Record<number, boolean>>) {
      state.channelEnabled = action.payload;
    },
    channelEnabledChanged(state, action: PayloadAction<{ channelId: number; enabled: boolean }>) {
      state.channelEnabled[action.payload.channelId] = action.payload.enabled;
    },
    channelRenamed(state, action: PayloadAction<{ channelId: number; name: string }>) {
      for (const entry of Object.values(state.items)) {
        if (entry.channelId === action.payload.channelId) entry.title = action.payload.name;
      }
    },
    /** The user left the channel, or it was disbanded or deleted. */
    channelGone(state, action: PayloadAction<number>) {
      for (const entry of Object.values(state.items)) {
        if (entry.channelId === action.payload) remove(state, entry.chatId);
      }
      delete state.channelEnabled[action.payload];
    },
    /** A group or personal message arrived: it moves its chat to the top and counts if unseen. */
    messageArrived(state, action: PayloadAction<{ message: ChatMessage; selfId: number | null; openChatId: string | null }>) {
      const { message, selfId, openChatId } = action.payload;
      const entry = state.items[message.chatId];
      if (!entry) {
        state.stale += 1;
        return;
      }
      if (entry.lastMessage && entry.lastMessage.id >= message.id) return;
      entry.lastMessage = message;
      if (message.from.uid !== selfId && message.chatId !== openChatId) {
        entry.unread = Math.min(entry.unread + 1, CHAT_UNREAD_MAX);
      }
      toTop(state, message.chatId);
    },
    listStale(state) {
      state.stale += 1;
    },
    talkingChanged(state, action: PayloadAction<{ channelId: number; talker: Talker | null }>) {
      if (action.payload.talker) state.talkers[action.payload.channelId] = action.payload.talker;
      else delete state.talkers[action.payload.channelId];
      for (const entry of Object.values(state.items)) {
        if (entry.channelId === action.payload.channelId) entry.talking = action.payload.talker;
      }
    },
  },
  extraReducers: (builder) => {
    // Opening a chat reads it; the chat panel tells the server.
    builder.addCase(openChat, (state, action) => {
      const entry = action.payload ? state.items[action.payload.chatId] : undefined;
      if (entry) entry.unread = 0;
    });
  },
});

export const {
  chatListLoading,
  chatListFailed,
  chatListLoaded,
  channelStatesLoaded,
  channelEnabledChanged,
  channelRenamed,
  channelGone,
  messageArrived,
  listStale,
  talkingChanged,
} = chatListSlice.actions;

/** The chats in display order. */
export const selectChatEntries = createSelector(
  [(s: { chatList: ChatListState }) => s.chatList.items, (s: { chatList: ChatListState }) => s.chatList.order],
  (items, order) => order.map((id) => items[id]).filter((e): e is ChatEntry => e !== undefined),
);

/** "999+" once the server stopped counting. */
export function unreadText(unread: number): string {
  return unread >= CHAT_UNREAD_MAX ? `${CHAT_UNREAD_MAX}+` : String(unread);
}
