// records:login.* - login records (spec section 3: time, device, GPS location with an abnormal
// flag, ip), with who logged in.

export const en = {
  title: 'Login records',
  titleMine: 'My login records',
  time: 'Time',
  user: 'User',
  device: 'Device',
  platform: 'Platform',
  location: 'GPS location',
  position: '{{lng}}, {{lat}}',
  abnormal: 'Abnormal',
  ip: 'IP',
};

export const zh: typeof en = {
  title: '登录记录',
  titleMine: '我的登录记录',
  time: '时间',
  user: '用户',
  device: '设备',
  platform: '平台',
  location: 'GPS 位置',
  position: '{{lng}}, {{lat}}',
  abnormal: '异常',
  ip: 'IP',
};
