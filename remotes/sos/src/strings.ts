export const NS = 'sos';

export const en = {
  title: 'SOS management',
  waiting: 'Waiting: {{count}}',
  intro: 'Open SOS alerts wait here until a dispatcher closes them.',
};

export const zh: typeof en = {
  title: 'SOS 管理',
  waiting: '等待中：{{count}}',
  intro: '未处理的 SOS 告警在此等待调度员关闭。',
};
