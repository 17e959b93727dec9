// patrol:member.* - the member section (ADR 029).

export const en = {
  title: 'Members',
};

export const zh: typeof en = {
  title: '巡更成员',
};
