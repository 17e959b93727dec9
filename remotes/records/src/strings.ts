export const NS = 'records';

export const en = {
  tabs: { label: 'Record types', sos: 'SOS', login: 'Login', cross: 'Cross-border', operation: 'Operation' },
  sos: { title: 'SOS records', intro: 'Who raised SOS, where, and when it was closed.' },
  login: { title: 'Login records', intro: 'Logins with device, location and IP.' },
  cross: { title: 'Cross-border records', intro: 'Members leaving or staying in a geofence.' },
  operation: { title: 'Operation records', intro: 'Every change made in the organization.' },
};

export const zh: typeof en = {
  tabs: { label: '记录类型', sos: 'SOS', login: '登录', cross: '越界', operation: '操作' },
  sos: { title: 'SOS 记录', intro: '谁发起了 SOS、位置以及关闭时间。' },
  login: { title: '登录记录', intro: '登录的设备、位置和 IP。' },
  cross: { title: '越界记录', intro: '成员离开或停留在电子围栏内。' },
  operation: { title: '操作记录', intro: '企业内的每一次修改。' },
};
