// The shell's own texts: connection state and what the shell says about it.
export const NS = 'shell';

export const en = {
  connection: {
    label: 'Connection: {{state}}',
    open: 'Connected',
    connecting: 'Connecting…',
    reconnecting: 'Disconnected, reconnecting (attempt {{attempt}})',
    idle: 'Disconnected',
    restored: 'Connection restored',
  },
};

export const zh: typeof en = {
  connection: {
    label: '连接：{{state}}',
    open: '已连接',
    connecting: '正在连接…',
    reconnecting: '已断开，正在重连（第 {{attempt}} 次）',
    idle: '未连接',
    restored: '连接已恢复',
  },
};
