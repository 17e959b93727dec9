// Strings every feature shares, under fences:core.* (rules, states, dwell times).
export const en = {
  rule: { leave: 'Leave', stay: 'Stay' },
  ruleHint: {
    leave: 'Alert when a member is outside the area',
    stay: 'Alert when a member is inside the area',
  },
  state: { enabled: 'Enabled', disabled: 'Disabled', activeNow: 'Active now', outsideSchedule: 'Outside schedule' },
  dwell: { none: 'At once', h: '{{count}} h', min: '{{count}} min', s: '{{count}} s' },
};

export const zh: typeof en = {
  rule: { leave: '离开', stay: '停留' },
  ruleHint: {
    leave: '成员在区域外时告警',
    stay: '成员在区域内时告警',
  },
  state: { enabled: '已启用', disabled: '已停用', activeNow: '生效中', outsideSchedule: '不在时间段内' },
  dwell: { none: '立即', h: '{{count}} 小时', min: '{{count}} 分', s: '{{count}} 秒' },
};
