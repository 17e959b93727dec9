import type { TFunction } from 'i18next';
import type { FenceRule } from '@ptt/contracts';

/** A dwell time as people say it ('1 h 5 min', 'At once'); `t` has the `core` key prefix. */
export function formatDwell(t: TFunction, seconds: number): string {
  if (seconds <= 0) return t('dwell.none');
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(t('dwell.h', { count: h }));
  if (min > 0) parts.push(t('dwell.min', { count: min }));
  if (s > 0) parts.push(t('dwell.s', { count: s }));
  return parts.join(' ');
}

/** A rule's short name (Leave, Stay); `t` has the `core` key prefix. */
export function ruleName(t: TFunction, rule: FenceRule): string {
  return t(`rule.${rule}`);
}

/** What a rule alerts on; `t` has the `core` key prefix. */
export function ruleHint(t: TFunction, rule: FenceRule): string {
  return t(`ruleHint.${rule}`);
}
