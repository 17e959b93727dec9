export { FencesProvider, useCan, useFences } from './context';
export type { FencesServices } from './context';
export { NS } from './ns';
export { en, zh } from './strings';
export { formatDwell, ruleHint, ruleName } from './format';
export * from './api';
