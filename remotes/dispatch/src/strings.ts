export const NS = 'dispatch';

export const en = {
  title: 'Dispatch',
  intro: 'Channels, members, chat and push-to-talk will appear here.',
  chat: {
    title: 'Enterprise channel chat',
    formLabel: 'Send a message to the enterprise channel',
    label: 'Message',
    hint: 'Enter sends, Shift+Enter starts a new line',
    placeholder: 'Type a message',
    send: 'Send',
  },
};

export const zh: typeof en = {
  title: '调度',
  intro: '频道、成员、聊天和对讲将显示在这里。',
  chat: {
    title: '企业频道聊天',
    formLabel: '向企业频道发送消息',
    label: '消息',
    hint: 'Enter 发送，Shift+Enter 换行',
    placeholder: '输入消息',
    send: '发送',
  },
};
