export const NS = 'sosEscalation';

export const en = {
  /** An SOS nobody acknowledged within the organisation's escalation time (ADR 025). */
  escalated: 'SOS from {{name}} not acknowledged for {{seconds}} s',
  openPage: 'Open SOS management',
};

export const zh: typeof en = {
  escalated: '{{name}} 的 SOS 已 {{seconds}} 秒无人确认',
  openPage: '打开 SOS 管理',
};
