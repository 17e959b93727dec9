// The channel assignment wizard's strings, under management:assign.*
export const en = {
  open: 'Assign channels by Excel',
};

export const zh: typeof en = {
  open: '通过 Excel 分配频道',
};
