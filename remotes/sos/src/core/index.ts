export { SosProvider, useCan, useSos } from './context';
export type { AlarmSiren, SosProviderProps, SosServices } from './context';
export * from './api';
export { formatPosition, formatTime, formatWaited, memberName } from './format';
export { useNow } from '@ptt/ui';
