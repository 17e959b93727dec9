// Missed checkpoints on the dispatch console (ADR 029; namespace `dispatch`, under `patrol.`).
export const patrolEn = {
  alert: {
    /** The notification and the alert list: the checkpoint, the task, its planned time and why it was missed. */
    overdue: 'Checkpoint missed: “{{node}}” of “{{task}}”, planned {{time}}, not checked in by its late limit',
    skipped: 'Checkpoint missed: “{{node}}” of “{{task}}”, planned {{time}}, skipped (a later checkpoint was checked in first)',
  },
  list: {
    label: 'Patrol alerts',
    showOnMap: 'Show on map',
    dismiss: 'Dismiss',
    dismissAll: 'Dismiss all',
    time: 'at {{time}}',
    more: '{{count}} earlier alerts',
  },
  /** The mark on the map of the checkpoint an alert is about. */
  marker: 'Missed checkpoint: {{node}}',
};

export const patrolZh: typeof patrolEn = {
  alert: {
    overdue: '巡更点漏检：“{{task}}”的“{{node}}”，计划 {{time}}，超过迟到时限仍未打卡',
    skipped: '巡更点漏检：“{{task}}”的“{{node}}”，计划 {{time}}，被跳过（后面的巡更点先打了卡）',
  },
  list: {
    label: '巡更告警',
    showOnMap: '在地图上显示',
    dismiss: '关闭',
    dismissAll: '全部关闭',
    time: '{{time}}',
    more: '另有 {{count}} 条较早的告警',
  },
  marker: '漏检的巡更点：{{node}}',
};
