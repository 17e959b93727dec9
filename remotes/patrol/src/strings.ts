import { en as dashboardEn, zh as dashboardZh } from './dashboard';
import { en as memberEn, zh as memberZh } from './member';
import { en as nodeEn, zh as nodeZh } from './node';
import { en as recordEn, zh as recordZh } from './record';
import { en as taskEn, zh as taskZh } from './task';

import { coreEn, coreZh } from './core';

export { NS } from './core';

// Each section owns its strings; the remote's namespace holds them under the section's name.
export const en = {
  tabs: { label: 'Patrol sections', dashboard: 'Dashboard', task: 'Tasks', node: 'Nodes', member: 'Members', record: 'Records' },
  core: coreEn,
  dashboard: dashboardEn,
  task: taskEn,
  node: nodeEn,
  member: memberEn,
  record: recordEn,
};

export const zh: typeof en = {
  tabs: { label: '巡更栏目', dashboard: '概览', task: '任务', node: '节点', member: '成员', record: '记录' },
  core: coreZh,
  dashboard: dashboardZh,
  task: taskZh,
  node: nodeZh,
  member: memberZh,
  record: recordZh,
};
