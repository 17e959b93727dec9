export { ScreenProvider, useCan, useScreen } from './context';
export type { ScreenProviderProps, ScreenServices, SelfUpdateOptions } from './context';
export * from './api';
export { HOTTER_AFTER_MS, HOT_AFTER_MS, formatAge, formatClock, formatDateTime, heatOf, memberName } from './format';
export type { Heat } from './format';
export { useNow } from '@ptt/ui';
