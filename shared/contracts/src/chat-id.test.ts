import { chatId, chatIdSchema, parseChatId } from './chat-id';

describe('chat id', () => {
  it('is {entId}-1-{channelId} and parses back', () => {
    expect(chatId(100001, 3)).toBe('100001-1-3');
    expect(parseChatId(chatId(100001, 3))).toEqual({ entId: 100001, channelId: 3 });
  });

  it.each(['', '100001', '100001-2-3', '100001-1-', '-1-3', 'a-1-3', '100001-1-3-4', '100001-1-0', '1.5-1-3', '100001-01-3'])(
    'rejects malformed id %j',
    (s) => {
      expect(parseChatId(s)).toBeNull();
      expect(chatIdSchema.safeParse(s).error?.issues[0]?.message).toBe('validation.chatIdInvalid');
    },
  );
});
