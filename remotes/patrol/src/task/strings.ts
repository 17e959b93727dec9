// patrol:task.* - the task section (ADR 029).

export const en = {
  title: 'Tasks',
};

export const zh: typeof en = {
  title: '巡更任务',
};
