import { addRemoteStrings } from '@ptt/ui';
import { MAP_NS } from '../strings';

// The fence overlay's words, under `fences` in the map's namespace (merged into it, so the
// package's other strings stay where they are).

export const fenceStringsEn = {
  fences: {
    /** How a fence's name label describes its rule. */
    rule: {
      leave: 'alert on leaving',
      stay: 'alert on entering',
    },
    label: '{{name}} ({{rule}})',
    stopped: 'stopped',
    labelStopped: '{{name}} ({{rule}}, {{stopped}})',
  },
};

export const fenceStringsZh: typeof fenceStringsEn = {
  fences: {
    rule: {
      leave: '离开告警',
      stay: '进入告警',
    },
    label: '{{name}}（{{rule}}）',
    stopped: '已停用',
    labelStopped: '{{name}}（{{rule}}，{{stopped}}）',
  },
};

addRemoteStrings(MAP_NS, fenceStringsEn, fenceStringsZh);
