// Chat texts (namespace `dispatch`, under `chat.`).
export const chatEn = {
  title: 'Enterprise channel chat',
  formLabel: 'Send a message to the enterprise channel',
  label: 'Message',
  hint: 'Enter sends, Shift+Enter starts a new line',
  placeholder: 'Type a message',
  send: 'Send',
};

export const chatZh: typeof chatEn = {
  title: '企业频道聊天',
  formLabel: '向企业频道发送消息',
  label: '消息',
  hint: 'Enter 发送，Shift+Enter 换行',
  placeholder: '输入消息',
  send: '发送',
};
