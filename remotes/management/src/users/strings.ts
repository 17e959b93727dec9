// The users page's strings, under management:users.*
export const en = {
  title: 'Users',
};

export const zh: typeof en = {
  title: '用户',
};
