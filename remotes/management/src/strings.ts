export const NS = 'management';

export const en = {
  users: { title: 'Users', intro: 'Accounts, roles, locks and devices of the organization.' },
  channels: { title: 'Channels', intro: 'Channels, their state and members.' },
  devices: { title: 'Devices', intro: 'Devices, activation and bound accounts.' },
};

export const zh: typeof en = {
  users: { title: '用户', intro: '企业的账号、角色、锁定状态和设备。' },
  channels: { title: '频道', intro: '频道、频道状态和成员。' },
  devices: { title: '设备', intro: '设备、激活状态和绑定账号。' },
};
