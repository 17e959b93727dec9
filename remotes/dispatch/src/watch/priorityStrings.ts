// Priority on a watched tile (under `watch.priority.`): issue 19.
export const priorityEn = {
  toggle: 'Priority',
  toggleOn: 'Priority channel: {{name}}',
  badge: 'Priority',
  badgeHint: 'While this channel talks, the other channels play quieter',
  sos: 'SOS priority',
  sosHint: 'A member has an open SOS: this channel has priority until it is closed',
  ducked: 'Ducked',
  duckedHint: 'Quieter while a priority channel talks',
};

export const priorityZh: typeof priorityEn = {
  toggle: '优先',
  toggleOn: '优先频道：{{name}}',
  badge: '优先',
  badgeHint: '此频道讲话时，其他频道的音量会降低',
  sos: 'SOS 优先',
  sosHint: '有成员的 SOS 尚未关闭：在关闭前此频道优先',
  ducked: '已压低',
  duckedHint: '优先频道讲话时音量降低',
};
