import type { ApiClient } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { AppDispatch, DispatchState } from '../core';
import { fetchChannelMemberNames, fetchHistory, fetchUserName, markRead, sendMessage } from './api';
import {
  chatOpened,
  latestFailed,
  latestLoaded,
  latestLoading,
  messageReceived,
  namesLearned,
  olderFailed,
  olderLoaded,
  olderLoading,
  readMarked,
  sendFailed,
  sendStarted,
} from './slice';
import type { PendingMessage, UserMessageBody } from './slice';

type Thunk = (dispatch: AppDispatch, getState: () => DispatchState) => Promise<void>;

/** Messages fetched when a chat opens: more than a tall panel shows, so it opens full. */
export const FIRST_PAGE_SIZE = 40;
/** Messages fetched each time the list reaches its top. */
export const OLDER_PAGE_SIZE = 50;

/** The key (common namespace) that says why a request failed. */
export function errorKeyOf(e: unknown, fallback: string): string {
  return isApiError(e) ? e.i18nKey : fallback;
}

let sequence = 0;
/** One id per message, so a retried send is stored once (the server dedupes by clientMsgId). */
export function newClientMsgId(): string {
  sequence += 1;
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${sequence}`;
}

/** Shows the chat from its cache at once and fetches its newest page. */
export function openChat(api: ApiClient, chatId: string): Thunk {
  return async (dispatch) => {
    dispatch(chatOpened(chatId));
    dispatch(latestLoading(chatId));
    try {
      const page = await fetchHistory(api, chatId, { size: FIRST_PAGE_SIZE });
      dispatch(latestLoaded({ chatId, items: page.items, hasMore: page.hasMore }));
    } catch (e) {
      dispatch(latestFailed({ chatId, errorKey: errorKeyOf(e, 'result.chatHistory.failure') }));
    }
  };
}

/** The page before the oldest cached message, once at a time. */
export function loadOlder(api: ApiClient, chatId: string): Thunk {
  return async (dispatch, getState) => {
    const cache = getState().chat.chats[chatId];
    const oldest = cache?.messages[0];
    if (!cache || !oldest || !cache.hasMore || cache.loadingOlder) return;
    dispatch(olderLoading(chatId));
    try {
      const page = await fetchHistory(api, chatId, { before: oldest.id, size: OLDER_PAGE_SIZE });
      dispatch(olderLoaded({ chatId, items: page.items, hasMore: page.hasMore }));
    } catch (e) {
      dispatch(olderFailed({ chatId, errorKey: errorKeyOf(e, 'result.chatHistory.failure') }));
    }
  };
}

/** Sends (or re-sends, with the same clientMsgId) one message, shown as pending meanwhile. */
export function sendChatMessage(
  api: ApiClient,
  chatId: string,
  body: UserMessageBody,
  from: PendingMessage['from'],
  clientMsgId: string = newClientMsgId(),
): Thunk {
  return async (dispatch) => {
    dispatch(sendStarted({ clientMsgId, chatId, body, from, createdAt: new Date().toISOString() }));
    try {
      dispatch(messageReceived(await sendMessage(api, chatId, { ...body, clientMsgId } as Parameters<typeof sendMessage>[2])));
    } catch (e) {
      dispatch(sendFailed({ chatId, clientMsgId, errorKey: errorKeyOf(e, 'result.send.failure') }));
    }
  };
}

export function retrySend(api: ApiClient, p: PendingMessage): Thunk {
  return sendChatMessage(api, p.chatId, p.body, p.from, p.clientMsgId);
}

/** Moves the read marker to `messageId` unless this client already did. */
export function markReadUpTo(api: ApiClient, chatId: string, messageId: number): Thunk {
  return async (dispatch, getState) => {
    const cache = getState().chat.chats[chatId];
    if (!cache || cache.lastReadId >= messageId) return;
    dispatch(readMarked({ chatId, messageId }));
    // A lost read marker only leaves an unread count behind; the next visible message retries.
    await markRead(api, chatId, messageId).catch(() => undefined);
  };
}

// Ids asked for once per client, so an unknown user is not fetched on every render.
const asked = new WeakMap<ApiClient, Set<string>>();
function firstAsk(api: ApiClient, what: string): boolean {
  let set = asked.get(api);
  if (!set) asked.set(api, (set = new Set()));
  if (set.has(what)) return false;
  set.add(what);
  return true;
}

/**
 * Finds nicknames for user ids that system messages name: staff read any user, members read the
 * first page of their channel's members. Ids still unknown stay unnamed ("user #id").
 */
export function resolveNames(api: ApiClient, userIds: number[], opts: { staff: boolean; channelId: number | null }): Thunk {
  return async (dispatch, getState) => {
    const missing = userIds.filter((id) => getState().chat.names[id] === undefined);
    if (missing.length === 0) return;
    if (opts.staff) {
      const asking = missing.filter((id) => firstAsk(api, `user:${id}`));
      const found = await Promise.all(asking.map((id) => fetchUserName(api, id).then((name) => [id, name] as const, () => null)));
      const names = Object.fromEntries(found.filter((f) => f !== null));
      if (Object.keys(names).length > 0) dispatch(namesLearned(names));
      return;
    }
    // The member page is read again only for ids it was not asked about yet (a member just added).
    const channel = opts.channelId;
    if (channel !== null && missing.filter((id) => firstAsk(api, `channel:${channel}:${id}`)).length > 0) {
      dispatch(namesLearned(await fetchChannelMemberNames(api, channel).catch(() => ({}))));
    }
  };
}
