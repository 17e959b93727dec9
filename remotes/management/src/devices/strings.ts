// The devices page's strings, under management:devices.*
export const en = {
  title: 'Devices',
};

export const zh: typeof en = {
  title: '设备',
};
