// Strings every feature shares, under management:core.* (the row actions' names).
export const en = {
  rowActions: 'Actions for {{name}}',
  moreActions: 'More actions for {{name}}',
};

export const zh: typeof en = {
  rowActions: '{{name}} 的操作',
  moreActions: '{{name}} 的更多操作',
};
