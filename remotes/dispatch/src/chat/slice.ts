import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ChatMessage, SendMessageRequest } from '@ptt/contracts';

// The chat feature's state in the dispatch store (see ../store.ts): one message cache per chat
// seen recently, so switching back to a chat shows it at once while the newest page refreshes.

/** Chats whose messages stay cached; the least recently opened beyond this are dropped. */
export const CACHED_CHATS_MAX = 20;
/** Messages a chat keeps while it is not on screen (the newest; older ones load again on scroll). */
export const CACHED_MESSAGES_KEEP = 200;

export type UserMessageBody = Omit<SendMessageRequest, 'clientMsgId'>;

/** A message of ours on its way: shown at once, replaced by the stored one when it comes back. */
export interface PendingMessage {
  clientMsgId: string;
  chatId: string;
  body: UserMessageBody;
  from: { uid: number; nickname: string };
  createdAt: string;
  state: 'sending' | 'failed';
  /** i18n key (common namespace) of why it failed. */
  errorKey: string | null;
}

export interface ChatCache {
  /** Stored messages, oldest first, unique by id. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadingOlder: boolean;
  errorKey: string | null;
  /** Highest message id this client marked read. */
  lastReadId: number;
}

export interface ChatState {
  chats: Record<string, ChatCache>;
  /** Chat ids, most recently opened first. */
  recent: string[];
  /** Nicknames by user id, from messages and lookups (system messages name users by id). */
  names: Record<number, string>;
}

// The store holds this slice under `chat` (src/store.ts); this tells core's typed hooks.
declare module '../core' {
  interface DispatchState {
    chat: ChatState;
  }
}

const initialState: ChatState = { chats: {}, recent: [], names: {} };

const emptyCache = (): ChatCache => ({
  messages: [],
  pending: [],
  hasMore: false,
  status: 'idle',
  loadingOlder: false,
  errorKey: null,
  lastReadId: 0,
});

/** Union by id, oldest first (both inputs are sorted). */
function mergeById(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    let next: ChatMessage;
    if (y === undefined || (x !== undefined && x.id < y.id)) next = a[i++]!;
    else if (x === undefined || y.id < x.id) next = b[j++]!;
    else {
      next = y;
      i++;
      j++;
    }
    out.push(next);
  }
  return out;
}

function learnNames(state: ChatState, messages: ChatMessage[]) {
  for (const m of messages) state.names[m.from.uid] = m.from.nickname;
}

function settle(cache: ChatCache, m: ChatMessage) {
  if (m.clientMsgId !== null) cache.pending = cache.pending.filter((p) => !(p.clientMsgId === m.clientMsgId && p.from.uid === m.from.uid));
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** A chat came on screen: it gets a cache and becomes the most recent; others shrink. */
    chatOpened(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.chats[id] ??= emptyCache();
      state.recent = [id, ...state.recent.filter((c) => c !== id)];
      for (const dropped of state.recent.splice(CACHED_CHATS_MAX)) delete state.chats[dropped];
      for (const other of state.recent.slice(1)) {
        const cache = state.chats[other]!;
        if (cache.messages.length > CACHED_MESSAGES_KEEP) {
          cache.messages = cache.messages.slice(-CACHED_MESSAGES_KEEP);
          cache.hasMore = true;
        }
      }
    },
    latestLoading(state, action: PayloadAction<string>) {
      const cache = state.chats[action.payload];
      if (cache) {
        cache.status = cache.messages.length > 0 ? 'ready' : 'loading';
        cache.errorKey = null;
      }
    },
    /** The newest page: joined to the cache when they meet, else it replaces it (a gap). */
    latestLoaded(state, action: PayloadAction<{ chatId: string; items: ChatMessage[]; hasMore: boolean }>) {
      const { chatId, items, hasMore } = action.payload;
      const cache = state.chats[chatId];
      if (!cache) return;
      learnNames(state, items);
      const newest = cache.messages.at(-1)?.id ?? 0;
      const meets = cache.messages.length > 0 && (items.length === 0 || items[0]!.id <= newest);
      if (meets) cache.messages = mergeById(cache.messages, items);
      else {
        cache.messages = items;
        cache.hasMore = hasMore;
      }
      for (const m of items) settle(cache, m);
      cache.status = 'ready';
    },
    latestFailed(state, action: PayloadAction<{ chatId: string; errorKey: string }>) {
      const cache = state.chats[action.payload.chatId];
      if (!cache) return;
      cache.errorKey = action.payload.errorKey;
      if (cache.messages.length === 0) cache.status = 'failed';
    },
    olderLoading(state, action: PayloadAction<string>) {
      const cache = state.chats[action.payload];
      if (cache) cache.loadingOlder = true;
    },
    olderLoaded(state, action: PayloadAction<{ chatId: string; items: ChatMessage[]; hasMore: boolean }>) {
      const { chatId, items, hasMore } = action.payload;
      const cache = state.chats[chatId];
      if (!cache) return;
      learnNames(state, items);
      cache.messages = mergeById(items, cache.messages);
      cache.hasMore = hasMore;
      cache.loadingOlder = false;
    },
    olderFailed(state, action: PayloadAction<{ chatId: string; errorKey: string }>) {
      const cache = state.chats[action.payload.chatId];
      if (!cache) return;
      cache.loadingOlder = false;
      cache.errorKey = action.payload.errorKey;
    },
    /** A stored message: from the socket, or the answer to our send. Chats not cached ignore it. */
    messageReceived(state, action: PayloadAction<ChatMessage>) {
      const m = action.payload;
      state.names[m.from.uid] = m.from.nickname;
      const cache = state.chats[m.chatId];
      if (!cache) return;
      settle(cache, m);
      const last = cache.messages.at(-1);
      if (!last || last.id < m.id) cache.messages.push(m);
      else if (!cache.messages.some((x) => x.id === m.id)) cache.messages = mergeById(cache.messages, [m]);
    },
    /** A send starts, or starts again (retry: same clientMsgId). */
    sendStarted(state, action: PayloadAction<Omit<PendingMessage, 'state' | 'errorKey'>>) {
      const p = action.payload;
      const cache = state.chats[p.chatId];
      if (!cache) return;
      const existing = cache.pending.find((x) => x.clientMsgId === p.clientMsgId);
      if (existing) {
        existing.state = 'sending';
        existing.errorKey = null;
      } else cache.pending.push({ ...p, state: 'sending', errorKey: null });
    },
    sendFailed(state, action: PayloadAction<{ chatId: string; clientMsgId: string; errorKey: string }>) {
      const { chatId, clientMsgId, errorKey } = action.payload;
      const p = state.chats[chatId]?.pending.find((x) => x.clientMsgId === clientMsgId);
      if (!p) return;
      p.state = 'failed';
      p.errorKey = errorKey;
    },
    readMarked(state, action: PayloadAction<{ chatId: string; messageId: number }>) {
      const cache = state.chats[action.payload.chatId];
      if (cache) cache.lastReadId = Math.max(cache.lastReadId, action.payload.messageId);
    },
    namesLearned(state, action: PayloadAction<Record<number, string>>) {
      Object.assign(state.names, action.payload);
    },
  },
});

export const {
  chatOpened,
  latestLoading,
  latestLoaded,
  latestFailed,
  olderLoading,
  olderLoaded,
  olderFailed,
  messageReceived,
  sendStarted,
  sendFailed,
  readMarked,
  namesLearned,
} = chatSlice.actions;
