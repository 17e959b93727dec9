export const NS = 'diagnostics';

export const en = {
  intro: 'Checks of this console’s connection, clock, media server and audio devices.',
  runAll: 'Run all checks',
  runAgain: 'Run again',
  runAgainOf: 'Run the {{name}} check again',
  status: { idle: 'Not run', running: 'Running', ok: 'OK', warning: 'Warning', failed: 'Failed' },
  socket: {
    name: 'Socket round trip',
    detail: 'Round trip over /ws2: {{ms}} ms (median of {{count}})',
    slow: 'Round trip over /ws2: {{ms}} ms, slower than {{limit}} ms',
    closed: 'The /ws2 socket closed before answering',
    timeout: 'No answer over /ws2 within {{ms}} ms',
  },
  rest: {
    name: 'REST round trip',
    detail: 'Round trip over HTTP: {{ms}} ms',
    slow: 'Round trip over HTTP: {{ms}} ms, slower than {{limit}} ms',
  },
  clock: {
    name: 'Server clock',
    detail: 'This computer’s clock is {{ms}} ms off the server’s',
    far: 'This computer’s clock is {{ms}} ms off the server’s (more than {{limit}} ms): please correct the time',
  },
  janus: {
    name: 'Media server (Janus)',
    notConfigured: 'Not configured on the server',
    reachable: 'Reachable in {{ms}} ms ({{server}})',
    unreachable: 'Unreachable: {{error}}',
  },
  mic: {
    name: 'Microphone',
    detail: 'Speak: the meter shows the level of {{device}}',
    defaultDevice: 'the default microphone',
    silent: 'The microphone is open but silent so far',
    level: 'Microphone level',
    stop: 'Stop',
  },
  ptt: {
    name: 'PTT access and latency',
    none: 'No PTT press measured yet: hold PTT in the dispatch console, then come back',
    detail:
      'Access time {{last}} ms (median {{median}} ms, 95th percentile {{p95}} ms over {{count}} presses); media round trip {{rtt}} ms; receive buffer {{jitter}} ms',
    slow: 'Access time {{last}} ms (95th percentile {{p95}} ms over {{count}} presses, above {{limit}} ms); media round trip {{rtt}} ms; receive buffer {{jitter}} ms',
  },
  speaker: {
    name: 'Speaker',
    detail: 'A one-second test tone played on {{device}}',
    defaultDevice: 'the default speaker',
  },
  frames: {
    name: 'Real-time messages',
    none: 'Every /ws2 message received since the page opened was understood',
    dropped: '{{count}} /ws2 messages since the page opened could not be read and were dropped: {{kinds}}',
  },
};

export const zh: typeof en = {
  intro: '检查本控制台的连接、时钟、媒体服务器和音频设备。',
  runAll: '运行全部检查',
  runAgain: '重新运行',
  runAgainOf: '重新运行“{{name}}”检查',
  status: { idle: '未运行', running: '运行中', ok: '正常', warning: '警告', failed: '失败' },
  socket: {
    name: 'Socket 往返时延',
    detail: '/ws2 往返时延：{{ms}} 毫秒（{{count}} 次的中位数）',
    slow: '/ws2 往返时延：{{ms}} 毫秒，超过 {{limit}} 毫秒',
    closed: '/ws2 连接在应答前已关闭',
    timeout: '/ws2 在 {{ms}} 毫秒内无应答',
  },
  rest: {
    name: 'REST 往返时延',
    detail: 'HTTP 往返时延：{{ms}} 毫秒',
    slow: 'HTTP 往返时延：{{ms}} 毫秒，超过 {{limit}} 毫秒',
  },
  clock: {
    name: '服务器时钟',
    detail: '本机时钟与服务器相差 {{ms}} 毫秒',
    far: '本机时钟与服务器相差 {{ms}} 毫秒（超过 {{limit}} 毫秒）：请校准时间',
  },
  janus: {
    name: '媒体服务器（Janus）',
    notConfigured: '服务器未配置',
    reachable: '可以连接，耗时 {{ms}} 毫秒（{{server}}）',
    unreachable: '无法连接：{{error}}',
  },
  mic: {
    name: '麦克风',
    detail: '请说话：音量条显示{{device}}的音量',
    defaultDevice: '默认麦克风',
    silent: '麦克风已打开，但暂未检测到声音',
    level: '麦克风音量',
    stop: '停止',
  },
  ptt: {
    name: '对讲接入与时延',
    none: '尚未测量对讲按键：请在调度台按住对讲键后再回来查看',
    detail: '接入时间 {{last}} 毫秒（中位数 {{median}} 毫秒，{{count}} 次按键的 95 分位 {{p95}} 毫秒）；媒体往返 {{rtt}} 毫秒；接收缓冲 {{jitter}} 毫秒',
    slow: '接入时间 {{last}} 毫秒（{{count}} 次按键的 95 分位 {{p95}} 毫秒，超过 {{limit}} 毫秒）；媒体往返 {{rtt}} 毫秒；接收缓冲 {{jitter}} 毫秒',
  },
  speaker: {
    name: '扬声器',
    detail: '已在{{device}}上播放一秒测试音',
    defaultDevice: '默认扬声器',
  },
  frames: {
    name: '实时消息',
    none: '页面打开以来收到的 /ws2 消息均可识别',
    dropped: '页面打开以来有 {{count}} 条 /ws2 消息无法识别，已丢弃：{{kinds}}',
  },
};
