import { chatEn, chatZh } from './chat';
import { consoleEn, consoleZh } from './console';
import { fencesEn, fencesZh } from './fences';
import { liveEn, liveZh } from './live';
import { monitorEn, monitorZh } from './monitor';
import { patrolEn, patrolZh } from './patrol';
import { pttEn, pttZh } from './ptt';
import { tempRoomEn, tempRoomZh } from './tempRoom';
import { watchEn, watchZh } from './watch';

// Each feature folder owns its texts; this file only gathers them under one namespace.
export const en = {
  title: 'Dispatch',
  intro: 'Channels, members, chat and push-to-talk will appear here.',
  chat: chatEn,
  console: consoleEn,
  fences: fencesEn,
  live: liveEn,
  monitor: monitorEn,
  patrol: patrolEn,
  ptt: pttEn,
  tempRoom: tempRoomEn,
  watch: watchEn,
};

export const zh: typeof en = {
  title: '调度',
  intro: '频道、成员、聊天和对讲将显示在这里。',
  chat: chatZh,
  console: consoleZh,
  fences: fencesZh,
  live: liveZh,
  monitor: monitorZh,
  patrol: patrolZh,
  ptt: pttZh,
  tempRoom: tempRoomZh,
  watch: watchZh,
};
