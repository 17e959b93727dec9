import { en as coreEn, zh as coreZh } from './core';
import { en as crossEn, zh as crossZh } from './cross';
import { en as loginEn, zh as loginZh } from './login';
import { en as operationEn, zh as operationZh } from './operation';
import { en as positionEn, zh as positionZh } from './position';
import { en as sosEn, zh as sosZh } from './sos';

export { NS } from './core';

// Each feature owns its strings; the remote's namespace holds them under the feature's name.
export const en = {
  tabs: { label: 'Record types', sos: 'SOS', login: 'Login', cross: 'Cross-border', operation: 'Operation' },
  core: coreEn,
  sos: sosEn,
  login: loginEn,
  cross: crossEn,
  operation: operationEn,
  position: positionEn,
};

export const zh: typeof en = {
  tabs: { label: '记录类型', sos: 'SOS', login: '登录', cross: '越界', operation: '操作' },
  core: coreZh,
  sos: sosZh,
  login: loginZh,
  cross: crossZh,
  operation: operationZh,
  position: positionZh,
};
