// patrol:dashboard.* - the dashboard section (ADR 029).

export const en = {
  title: 'Dashboard',
};

export const zh: typeof en = {
  title: '巡更概览',
};
