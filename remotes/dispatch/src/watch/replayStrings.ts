// Instant replay on a watched tile (under `watch.replay.`): issue 19.
export const replayEn = {
  last: 'Replay last',
  lastOn: 'Replay the last transmission on {{name}}',
  earlier: 'Earlier',
  earlierOn: 'Replay the transmission before it on {{name}}',
  stop: 'Stop',
  stopOn: 'Stop the replay on {{name}}',
  loading: 'Replaying…',
  playing: 'Replaying {{name}}, {{time}}…',
  none: 'No recorded transmissions yet',
  failed: 'The transmission could not be replayed',
};

export const replayZh: typeof replayEn = {
  last: '重播上一条',
  lastOn: '重播 {{name}} 上的最后一次讲话',
  earlier: '更早',
  earlierOn: '重播 {{name}} 上更早的一次讲话',
  stop: '停止',
  stopOn: '停止重播 {{name}}',
  loading: '正在重播…',
  playing: '正在重播 {{name}}，{{time}}…',
  none: '还没有录音的讲话',
  failed: '无法重播这次讲话',
};
