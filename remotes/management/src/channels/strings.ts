// The channels page's strings, under management:channels.*
export const en = {
  title: 'Channels',
};

export const zh: typeof en = {
  title: '频道',
};
