// records:cross.* - cross-border records (spec section 3: user info, dispatcher, fence id and
// name, type leave or stay, time, ip, lng, lat).

export const en = {
  title: 'Cross-border records',
  user: 'User',
  dispatcher: 'Dispatcher',
  fenceId: 'Fence ID',
  fenceName: 'Fence',
  type: 'Type',
  types: { leave: 'Leave', stay: 'Stay' },
  time: 'Time',
  ip: 'IP',
  lng: 'Longitude',
  lat: 'Latitude',
  map: 'Map',
};

export const zh: typeof en = {
  title: '越界记录',
  user: '用户',
  dispatcher: '调度员',
  fenceId: '围栏 ID',
  fenceName: '围栏',
  type: '类型',
  types: { leave: '离开', stay: '停留' },
  time: '时间',
  ip: 'IP',
  lng: '经度',
  lat: '纬度',
  map: '地图',
};
