// patrol:record.* - the record section (ADR 029).

export const en = {
  title: 'Records',
};

export const zh: typeof en = {
  title: '巡更记录',
};
