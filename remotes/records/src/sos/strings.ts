// records:sos.* - SOS records (spec section 3: id, user, dispatcher, longitude, latitude, device,
// ip, start time, close time), with how long each stayed open.

export const en = {
  title: 'SOS records',
  titleMine: 'My SOS records',
  id: 'ID',
  user: 'User',
  dispatcher: 'Dispatcher',
  lng: 'Longitude',
  lat: 'Latitude',
  map: 'Map',
  device: 'Device',
  ip: 'IP',
  start: 'Start time',
  close: 'Close time',
  duration: 'Open for',
  open: 'Still open',
};

export const zh: typeof en = {
  title: 'SOS 记录',
  titleMine: '我的 SOS 记录',
  id: 'ID',
  user: '用户',
  dispatcher: '调度员',
  lng: '经度',
  lat: '纬度',
  map: '地图',
  device: '设备',
  ip: 'IP',
  start: '开始时间',
  close: '关闭时间',
  duration: '持续时间',
  open: '尚未关闭',
};
