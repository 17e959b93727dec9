// patrol:node.* - the node section (ADR 029).

export const en = {
  title: 'Nodes',
};

export const zh: typeof en = {
  title: '巡更节点',
};
