import { MessageType } from '../enums';
import { SERVER_MESSAGE_TYPES, chatMessageSchema, parseAnyChatId, personalChatId, sendMessageSchema } from './chat';

describe('chat ids', () => {
  it('reads both forms and only the canonical personal one', () => {
    expect(parseAnyChatId('100001-1-7')).toEqual({ kind: 'group', entId: 100001, channelId: 7 });
    expect(personalChatId(100001, 9, 3)).toBe('100001-0-3-9');
    expect(parseAnyChatId('100001-0-3-9')).toEqual({ kind: 'personal', entId: 100001, userIds: [3, 9] });
    for (const bad of ['100001-0-9-3', '100001-0-3-3', '100001-0-03-9', '100001-2-3', '100001-1-x', '']) expect(parseAnyChatId(bad)).toBeNull();
  });
});

describe('sendMessageSchema', () => {
  it('checks content by type and keeps only known fields', () => {
    expect(sendMessageSchema.parse({ type: 0, content: { text: 'hi', html: '<b>' }, clientMsgId: 'c-1', x: 1 })).toEqual({
      type: 0,
      content: { text: 'hi' },
      clientMsgId: 'c-1',
    });
    expect(sendMessageSchema.safeParse({ type: MessageType.Location, content: { lng: 1, lat: 2, coord: 1 } }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ type: MessageType.Location, content: { lng: 1, lat: 91, coord: 1 } }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ type: MessageType.Text, content: { text: 'a\u0000' } }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ type: MessageType.ChannelSuspend, content: { userIds: [], byUserId: 1 } }).success).toBe(false);
  });

  it('refuses the types only the server writes with a message naming why', () => {
    for (const type of SERVER_MESSAGE_TYPES) {
      const r = sendMessageSchema.safeParse({ type, content: {} });
      expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['type'], message: 'validation.messageTypeServerOnly' })]);
    }
    expect(SERVER_MESSAGE_TYPES).toEqual([6, 8, 9, 200, 201, 202, 203]);
    expect(sendMessageSchema.safeParse({ type: 10, content: {} }).error?.issues[0]?.message).not.toBe('validation.messageTypeServerOnly');
  });

  it('lets a stored message carry a system type', () => {
    const base = { id: 1, chatId: '1-1-1', kind: 'group', channelId: 1, toUserId: null, from: { uid: 1, nickname: 'A' }, clientMsgId: null, createdAt: 'x' };
    expect(chatMessageSchema.safeParse({ ...base, type: 203, content: { userIds: [], byUserId: 1 } }).success).toBe(true);
    expect(chatMessageSchema.safeParse({ ...base, type: 203, content: { text: 'no' } }).success).toBe(false);
  });
});
