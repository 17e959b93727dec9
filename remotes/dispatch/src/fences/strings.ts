// Fence alerts and the map's fence layer (namespace `dispatch`, under `fences.`). The fence
// labels on the map are @ptt/map's.
export const fencesEn = {
  alert: {
    /** The notification and the alert list: the member, the fence, and which rule fired. */
    leave: 'Fence alert: {{name}} left “{{fence}}”',
    stay: 'Fence alert: {{name}} entered “{{fence}}”',
  },
  list: {
    label: 'Fence alerts',
    showOnMap: 'Show on map',
    dismiss: 'Dismiss',
    dismissAll: 'Dismiss all',
    time: 'at {{time}}',
    more: '{{count}} earlier alerts',
  },
  layer: {
    menu: 'Map layers',
    fences: 'Geofences',
    loadFailed: 'The geofences could not be loaded',
  },
  legend: {
    leave: 'Green, dashed: a fence members must stay inside',
    stay: 'Red: a fence members must not enter',
  },
};

export const fencesZh: typeof fencesEn = {
  alert: {
    leave: '围栏告警：{{name}} 离开了“{{fence}}”',
    stay: '围栏告警：{{name}} 进入了“{{fence}}”',
  },
  list: {
    label: '围栏告警',
    showOnMap: '在地图上显示',
    dismiss: '关闭',
    dismissAll: '全部关闭',
    time: '{{time}}',
    more: '另有 {{count}} 条较早的告警',
  },
  layer: {
    menu: '地图图层',
    fences: '电子围栏',
    loadFailed: '电子围栏加载失败',
  },
  legend: {
    leave: '绿色虚线：成员须留在其内的围栏',
    stay: '红色：成员不得进入的围栏',
  },
};
