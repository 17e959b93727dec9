export const NS = 'dispatch';

export const en = {
  title: 'Dispatch',
  intro: 'Channels, members, chat and push-to-talk will appear here.',
};

export const zh: typeof en = {
  title: '调度',
  intro: '频道、成员、聊天和对讲将显示在这里。',
};
