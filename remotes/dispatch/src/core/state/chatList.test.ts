import { MessageType } from '@ptt/contracts';
import type { ChatListItem, ChatMessage } from '@ptt/contracts';
import { createDispatchStore } from '../../store';
import { openChat } from './console';
import { channelEnabledChanged, channelGone, chatListLoaded, messageArrived, selectChatEntries, unreadText } from './chatList';

const SELF = 3;

function message(id: number, chatId: string, from: number, text = 'hi'): ChatMessage {
  const group = chatId.split('-')[1] === '1';
  return {
    id, chatId, kind: group ? 'group' : 'personal', channelId: group ? Number(chatId.split('-')[2]) : null, toUserId: group ? null : SELF,
    from: { uid: from, nickname: `User ${from}` }, clientMsgId: null, createdAt: '2026-01-01T00:00:00.000Z', type: MessageType.Text, content: { text },
  };
}

function item(chatId: string, title: string, unread = 0): ChatListItem {
  const group = chatId.split('-')[1] === '1';
  return { chatId, kind: group ? 'group' : 'personal', title, channelId: group ? Number(chatId.split('-')[2]) : null, peerId: group ? null : 7, lastMessage: null, unread };
}

function loaded(openChatId: string | null = null) {
  const store = createDispatchStore();
  store.dispatch(chatListLoaded({ items: [item('100001-1-1', 'General', 2), item('100001-1-2', 'Security'), item('100001-0-3-7', 'Member 7', 1)], openChatId }));
  const titles = () => selectChatEntries(store.getState()).map((e) => e.title);
  const unread = (chatId: string) => store.getState().chatList.items[chatId]?.unread;
  return { store, titles, unread };
}

describe('chat list state', () => {
  it("keeps the server's order and reads the open chat as read", () => {
    const { titles, unread } = loaded('100001-1-1');
    expect(titles()).toEqual(['General', 'Security', 'Member 7']);
    expect(unread('100001-1-1')).toBe(0);
    expect(unread('100001-0-3-7')).toBe(1);
  });

  it('moves a chat with a new message to the top and counts it unless it is open or mine', () => {
    const { store, titles, unread } = loaded('100001-1-1');
    store.dispatch(messageArrived({ message: message(10, '100001-1-2', 5), selfId: SELF, openChatId: '100001-1-1' }));
    expect(titles()).toEqual(['Security', 'General', 'Member 7']);
    expect(unread('100001-1-2')).toBe(1);
    store.dispatch(messageArrived({ message: message(11, '100001-1-1', 5), selfId: SELF, openChatId: '100001-1-1' }));
    expect(unread('100001-1-1')).toBe(0);
    store.dispatch(messageArrived({ message: message(12, '100001-0-3-7', SELF), selfId: SELF, openChatId: '100001-1-1' }));
    expect(titles()).toEqual(['Member 7', 'General', 'Security']);
    expect(unread('100001-0-3-7')).toBe(1);
    expect(store.getState().chatList.items['100001-0-3-7']?.lastMessage?.id).toBe(12);
  });

  it('ignores a message it already has and asks for the list again for an unknown chat', () => {
    const { store, unread } = loaded();
    store.dispatch(messageArrived({ message: message(10, '100001-1-2', 5), selfId: SELF, openChatId: null }));
    store.dispatch(messageArrived({ message: message(10, '100001-1-2', 5), selfId: SELF, openChatId: null }));
    expect(unread('100001-1-2')).toBe(1);
    expect(store.getState().chatList.stale).toBe(0);
    store.dispatch(messageArrived({ message: message(13, '100001-0-3-9', 9), selfId: SELF, openChatId: null }));
    expect(store.getState().chatList.stale).toBe(1);
  });

  it('clears the count when the chat is opened', () => {
    const { store, unread } = loaded();
    store.dispatch(openChat({ chatId: '100001-1-1', kind: 'group', title: 'General', channelId: 1, peerId: null }));
    expect(unread('100001-1-1')).toBe(0);
  });

  it('stops counting at 999 and shows 999+', () => {
    const { store, unread } = loaded();
    store.dispatch(chatListLoaded({ items: [item('100001-1-1', 'General', 999)], openChatId: null }));
    store.dispatch(messageArrived({ message: message(20, '100001-1-1', 5), selfId: SELF, openChatId: null }));
    expect(unread('100001-1-1')).toBe(999);
    expect(unreadText(999)).toBe('999+');
    expect(unreadText(12)).toBe('12');
  });

  it('follows suspension and drops a channel the user left', () => {
    const { store, titles } = loaded();
    store.dispatch(channelEnabledChanged({ channelId: 2, enabled: false }));
    expect(store.getState().chatList.channelEnabled[2]).toBe(false);
    store.dispatch(channelGone(2));
    expect(titles()).toEqual(['General', 'Member 7']);
  });
});
