export const NS = 'patrol';

export const en = {
  tabs: { label: 'Patrol sections', dashboard: 'Dashboard', task: 'Tasks', node: 'Nodes', member: 'Members', record: 'Records' },
  dashboard: { title: 'Dashboard', intro: 'Today’s patrols at a glance.' },
  task: { title: 'Tasks', intro: 'Patrol tasks and their schedules.' },
  node: { title: 'Nodes', intro: 'Check-in points of the patrol routes.' },
  member: { title: 'Members', intro: 'Who patrols which task.' },
  record: { title: 'Records', intro: 'Check-ins reported by patrol members.' },
};

export const zh: typeof en = {
  tabs: { label: '巡更栏目', dashboard: '概览', task: '任务', node: '节点', member: '成员', record: '记录' },
  dashboard: { title: '巡更概览', intro: '今日巡更一览。' },
  task: { title: '巡更任务', intro: '巡更任务及其排班。' },
  node: { title: '巡更节点', intro: '巡更路线上的打卡点。' },
  member: { title: '巡更成员', intro: '谁负责哪个巡更任务。' },
  record: { title: '巡更记录', intro: '巡更成员上报的打卡记录。' },
};
