// patrol:core.* - words every patrol section shares (methods, states, durations, days, maps).

export const en = {
  method: { gps: 'GPS', qr: 'QR code', nfc: 'NFC' },
  order: { ordered: 'Ordered', free: 'Any order' },
  state: { enabled: 'Enabled', disabled: 'Disabled' },
  duration: { zero: '0 min', h: '{{count}} h', min: '{{count}} min', s: '{{count}} s' },
  day: { 0: 'Sun', 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat' },
  everyDay: 'Every day',
  weekdays: 'Mon–Fri',
  weekend: 'Sat–Sun',
  byHand: 'Started by hand only',
  startsMore: '{{first}} … {{last}} ({{count}} starts)',
  result: { onTime: 'On time', early: 'Early', late: 'Late', repeat: 'Repeat', unplanned: 'Unplanned', missed: 'Missed', pending: 'Pending' },
  map: { fit: 'Show all', none: 'Nothing to show on the map' },
  leave: {
    title: 'Leave without saving?',
    text: 'Your changes have not been saved and will be lost.',
    confirm: 'Leave',
    stay: 'Stay',
  },
  all: 'All',
};

export const zh: typeof en = {
  method: { gps: 'GPS', qr: '二维码', nfc: 'NFC' },
  order: { ordered: '按顺序', free: '任意顺序' },
  state: { enabled: '已启用', disabled: '已停用' },
  duration: { zero: '0 分', h: '{{count}} 小时', min: '{{count}} 分', s: '{{count}} 秒' },
  day: { 0: '周日', 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六' },
  everyDay: '每天',
  weekdays: '周一至周五',
  weekend: '周六至周日',
  byHand: '仅手动开始',
  startsMore: '{{first}} … {{last}}（共 {{count}} 次）',
  result: { onTime: '准时', early: '提前', late: '迟到', repeat: '重复', unplanned: '计划外', missed: '漏检', pending: '待打卡' },
  map: { fit: '显示全部', none: '地图上没有可显示的内容' },
  leave: {
    title: '不保存就离开？',
    text: '您的修改尚未保存，离开后将丢失。',
    confirm: '离开',
    stay: '留下',
  },
  all: '全部',
};
