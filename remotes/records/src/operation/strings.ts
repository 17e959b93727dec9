// records:operation.* - operation records (spec section 3: operation id, user id, account, type,
// device, ip, time). The 56 type names come from contracts (operations.ts) in both languages.

export const en = {
  title: 'Operation records',
  titleMine: 'My operation records',
  id: 'Operation ID',
  userId: 'User ID',
  account: 'Account',
  type: 'Type',
  device: 'Device',
  ip: 'IP',
  time: 'Time',
  groups: { enterprise: 'Enterprise', channel: 'Channels', user: 'Users and devices', wall: 'Geofences', notice: 'Notices', patrol: 'Patrol' },
};

export const zh: typeof en = {
  title: '操作记录',
  titleMine: '我的操作记录',
  id: '操作 ID',
  userId: '用户 ID',
  account: '账号',
  type: '类型',
  device: '设备',
  ip: 'IP',
  time: '时间',
  groups: { enterprise: '企业', channel: '频道', user: '用户和设备', wall: '电子围栏', notice: '公告', patrol: '巡更' },
};
