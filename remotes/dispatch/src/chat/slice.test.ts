import { configureStore } from '@reduxjs/toolkit';
import {
  CACHED_CHATS_MAX,
  CACHED_MESSAGES_KEEP,
  chatOpened,
  chatSlice,
  latestLoaded,
  messageReceived,
  olderLoaded,
  sendFailed,
  sendStarted,
} from './slice';
import { CHAT, ME, PEER, messages, textMessage } from './test/messages';

function store() {
  return configureStore({ reducer: { chat: chatSlice.reducer } });
}
const ids = (s: ReturnType<typeof store>, chat = CHAT) => s.getState().chat.chats[chat]!.messages.map((m) => m.id);

describe('chat slice', () => {
  it('keeps messages oldest first and unique when pages, socket messages and answers overlap', () => {
    const s = store();
    s.dispatch(chatOpened(CHAT));
    s.dispatch(latestLoaded({ chatId: CHAT, items: messages(11, 10), hasMore: true }));
    s.dispatch(messageReceived(textMessage(21, 'live')));
    s.dispatch(messageReceived(textMessage(21, 'live again')));
    s.dispatch(olderLoaded({ chatId: CHAT, items: messages(1, 12), hasMore: false }));
    expect(ids(s)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(s.getState().chat.chats[CHAT]!.hasMore).toBe(false);
    expect(s.getState().chat.names[PEER.uid]).toBe(PEER.nickname);
  });

  it('joins a newest page that meets the cache and replaces one that leaves a gap', () => {
    const s = store();
    s.dispatch(chatOpened(CHAT));
    s.dispatch(latestLoaded({ chatId: CHAT, items: messages(1, 10), hasMore: false }));
    s.dispatch(latestLoaded({ chatId: CHAT, items: messages(8, 5), hasMore: true }));
    expect(ids(s)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(s.getState().chat.chats[CHAT]!.hasMore).toBe(false);
    // Reopened after missing messages 13-99: the cache cannot be joined, the page replaces it.
    s.dispatch(latestLoaded({ chatId: CHAT, items: messages(100, 5), hasMore: true }));
    expect(ids(s)).toEqual([100, 101, 102, 103, 104]);
    expect(s.getState().chat.chats[CHAT]!.hasMore).toBe(true);
  });

  it('settles a pending message with its stored copy, from the answer or from the socket echo', () => {
    const s = store();
    s.dispatch(chatOpened(CHAT));
    const body = { type: 0, content: { text: 'hi' } } as const;
    s.dispatch(sendStarted({ clientMsgId: 'web-1', chatId: CHAT, body, from: ME, createdAt: '2025-01-01T00:00:00Z' }));
    s.dispatch(sendFailed({ chatId: CHAT, clientMsgId: 'web-1', errorKey: 'rule.sendingTooFast' }));
    expect(s.getState().chat.chats[CHAT]!.pending[0]).toMatchObject({ state: 'failed', errorKey: 'rule.sendingTooFast' });
    // Retry: the same row goes back to sending, no second row.
    s.dispatch(sendStarted({ clientMsgId: 'web-1', chatId: CHAT, body, from: ME, createdAt: '2025-01-01T00:00:01Z' }));
    expect(s.getState().chat.chats[CHAT]!.pending).toHaveLength(1);
    expect(s.getState().chat.chats[CHAT]!.pending[0]!.state).toBe('sending');
    // Someone else's message with the same client id does not settle ours.
    s.dispatch(messageReceived(textMessage(5, 'other', PEER, { clientMsgId: 'web-1' })));
    expect(s.getState().chat.chats[CHAT]!.pending).toHaveLength(1);
    const stored = textMessage(6, 'hi', ME, { clientMsgId: 'web-1' });
    s.dispatch(messageReceived(stored));
    s.dispatch(messageReceived(stored));
    expect(s.getState().chat.chats[CHAT]!.pending).toEqual([]);
    expect(ids(s)).toEqual([5, 6]);
  });

  it('ignores socket messages of chats it has no cache for', () => {
    const s = store();
    s.dispatch(messageReceived(textMessage(1, 'elsewhere', PEER, { chatId: '100001-1-99' })));
    expect(s.getState().chat.chats).toEqual({});
    expect(s.getState().chat.names[PEER.uid]).toBe(PEER.nickname);
  });

  it('bounds the caches: chats beyond the limit are dropped and chats off screen keep their newest messages', () => {
    const s = store();
    s.dispatch(chatOpened(CHAT));
    s.dispatch(latestLoaded({ chatId: CHAT, items: messages(1, CACHED_MESSAGES_KEEP + 50), hasMore: false }));
    s.dispatch(chatOpened('100001-1-2'));
    expect(ids(s)[0]).toBe(51);
    expect(ids(s)).toHaveLength(CACHED_MESSAGES_KEEP);
    expect(s.getState().chat.chats[CHAT]!.hasMore).toBe(true);
    for (let i = 0; i < CACHED_CHATS_MAX; i += 1) s.dispatch(chatOpened(`100001-1-${100 + i}`));
    expect(s.getState().chat.chats[CHAT]).toBeUndefined();
    expect(Object.keys(s.getState().chat.chats)).toHaveLength(CACHED_CHATS_MAX);
    expect(s.getState().chat.recent[0]).toBe(`100001-1-${100 + CACHED_CHATS_MAX - 1}`);
  });
});
